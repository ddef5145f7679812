/**
 * The heap bound the README gives a container (`NODE_OPTIONS="--max-old-space-size=384 --max-semi-space-size=16"`); the bench and the reliability scripts run FACT with it.
 * Four worst-case data exports and four 20 000-line earnings CSVs at once keep about 235 MB alive
 * (`npm run reliability:heap`): 256 MB leaves no room for that, 384 MB about 1.6 times it; the
 * figures are in docs/performance.md.
 */
export const CONTAINER_HEAP_MB = 384;

/**
 * The young generation's bound that goes with it (`--max-semi-space-size`). Without it Node sizes
 * V8's young generation from the host's memory, not the container's (134 MB of a 23.5 GB host's
 * process was young generation): the bound keeps a container's memory what its limit says.
 */
export const CONTAINER_SEMI_SPACE_MB = 16;

/** The Node flags a container runs FACT with, as the README's NODE_OPTIONS gives them. */
export function containerNodeFlags(heapMb: number = CONTAINER_HEAP_MB): string[] {
  return [`--max-old-space-size=${heapMb}`, `--max-semi-space-size=${CONTAINER_SEMI_SPACE_MB}`];
}
