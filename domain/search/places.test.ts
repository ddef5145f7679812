import { describe, expect, it } from 'vitest';
import { createPlaceDirectory, foldPlaceName, type Place } from './places';

const place = (id: number, name: string, latitude: number, longitude: number, population: number, label = name): Place => ({ id, name, label, latitude, longitude, population });
const PLACES = [
  place(1, 'Didsbury', 53.41698, -2.23145, 14292),
  place(2, 'Stockport', 53.40979, -2.15761, 139052),
  place(3, 'Manchester', 53.48095, -2.23743, 395515),
  place(4, 'Newport', 51.58774, -2.99835, 306844, 'Newport, near Cardiff'),
  place(5, 'Newport', 50.70146, -1.29124, 24884, 'Newport, near Southampton'),
  place(6, 'Newcastle upon Tyne', 54.97328, -1.61396, 192382),
  place(7, 'Ynys Môn', 53.3, -4.3, 1000),
  place(8, 'New Mills', 53.36, -2.0, 9000),
];
const directory = createPlaceDirectory(PLACES);
const labels = (list: readonly Place[]) => list.map((p) => p.label);

describe('the place directory', () => {
  it('offers the places a typed prefix matches, the exact name first and then by population', () => {
    expect(labels(directory.matching('new'))).toEqual(['Newport, near Cardiff', 'Newcastle upon Tyne', 'Newport, near Southampton', 'New Mills']);
    expect(labels(directory.matching('newport'))).toEqual(['Newport, near Cardiff', 'Newport, near Southampton']);
    expect(labels(directory.matching('did'))).toEqual(['Didsbury']);
  });

  it('matches a word inside a name, ignores case, accents and punctuation, and offers nothing for nothing', () => {
    expect(labels(directory.matching('TYNE'))).toEqual(['Newcastle upon Tyne']);
    expect(labels(directory.matching('ynys mon'))).toEqual(['Ynys Môn']);
    expect(directory.matching('  ')).toEqual([]);
    expect(foldPlaceName("King's Lynn")).toBe('king s lynn');
  });

  it('finds the place nearest a position', () => {
    expect(directory.nearest({ latitude: 53.418, longitude: -2.225 })?.name).toBe('Didsbury');
    expect(directory.nearest({ latitude: 53.405, longitude: -2.15 })?.name).toBe('Stockport');
  });

  it('looks a place up by id', () => {
    expect(directory.byId(2)?.name).toBe('Stockport');
    expect(directory.byId(99)).toBeNull();
  });
});
