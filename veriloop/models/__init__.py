"""Model forwards veriloop runs itself, one module per architecture (today: the Llama family)."""
