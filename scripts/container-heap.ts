/** The heap bound the README gives a container (`NODE_OPTIONS=--max-old-space-size=256`); the bench and the reliability scripts run FACT with it. */
export const CONTAINER_HEAP_MB = 256;
