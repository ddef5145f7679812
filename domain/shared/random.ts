/** Port: randomness (crypto in production, seeded in tests). Returns an integer in [0, maxExclusive). */
export interface RandomSource {
  int(maxExclusive: number): number;
}
