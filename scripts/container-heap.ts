/**
 * The heap bound the README gives a container (`NODE_OPTIONS=--max-old-space-size=512`); the bench and the reliability scripts run FACT with it.
 * 512, not 256: four worst-case data exports and four 20 000-line earnings CSVs at once ran out of
 * heap under 256 MB (`npm run reliability:heap`; the figures are in docs/performance.md).
 */
export const CONTAINER_HEAP_MB = 512;
