/** A figure rounded to `decimals` places, as every market answer carries its numbers. */
export const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};
