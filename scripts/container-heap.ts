/**
 * The heap bound the README gives a container (`NODE_OPTIONS=--max-old-space-size=384`); the bench and the reliability scripts run FACT with it.
 * Four worst-case data exports and four 20 000-line earnings CSVs at once keep about 235 MB alive
 * (`npm run reliability:heap`): 256 MB leaves no room for that, 384 MB about 1.6 times it; the
 * figures are in docs/performance.md.
 */
export const CONTAINER_HEAP_MB = 384;
