import { describe, expect, it } from 'vitest';
import { corporatePackages, vehicleCountOptions } from './content';

/** A band of the quote form ("4-10", "21+") as numbers. */
function band(option: string): { min: number; max: number } {
  const [min, max] = option.replace('+', '-').split('-');
  return { min: Number(min), max: max ? Number(max) : Infinity };
}

describe('corporate packages', () => {
  it('follow each other without overlap or gap, from one vehicle up', () => {
    expect(corporatePackages[0].minVehicles).toBe(1);
    for (let i = 1; i < corporatePackages.length; i++)
      expect(corporatePackages[i]!.minVehicles).toBe((corporatePackages[i - 1]!.maxVehicles ?? NaN) + 1);
    expect(corporatePackages.at(-1)!.maxVehicles).toBeNull();
  });

  it.each(vehicleCountOptions)('the quote form band %s falls inside exactly one package', (option) => {
    const { min, max } = band(option);
    const inside = corporatePackages.filter(
      (p) => p.minVehicles <= min && (p.maxVehicles === null || max <= p.maxVehicles),
    );
    expect(inside).toHaveLength(1);
  });
});
