import { describe, expect, it } from 'vitest';
import { placeForLocation } from './geocode';
import { createPlaceDirectory, type Place } from './places';

const place = (id: number, name: string, population: number, label = name): Place => ({ id, name, label, latitude: 53, longitude: -2, population });
const directory = createPlaceDirectory([
  place(1, 'Didsbury', 14292),
  place(2, 'Stockport', 139052),
  place(3, 'Manchester', 395515),
  place(4, 'Newport', 306844, 'Newport, near Cardiff'),
  place(5, 'Newport', 24884, 'Newport, near Southampton'),
  place(6, 'Street', 11000),
  place(7, 'St Albans', 82000),
]);
const matched = (location: string | null) => {
  const m = placeForLocation(directory, location);
  return m.kind === 'matched' ? m.place.label : m.reason;
};

describe("matching a coach's location text to a place", () => {
  it('takes the most local part that is a place, ignoring postcodes, house numbers and case', () => {
    expect(matched('Stockport')).toBe('Stockport');
    expect(matched('didsbury, manchester')).toBe('Didsbury');
    expect(matched('12 Hidden Road, Stockport SK3 9AB')).toBe('Stockport');
    expect(matched('Manchester M20')).toBe('Manchester');
    expect(matched('St. Albans')).toBe('St Albans');
  });

  it("does not read a street for a town of that name ('1 Private Street')", () => {
    expect(matched('1 Private Street')).toBe('no_place');
    expect(matched('1 Private Street, Stockport')).toBe('Stockport');
  });

  it('leaves a name several places share unmatched unless its label tells them apart', () => {
    expect(matched('Newport')).toBe('ambiguous');
    expect(matched('Newport, near Southampton')).toBe('Newport, near Southampton');
    expect(matched('Newport, Stockport')).toBe('Stockport');
  });

  it('says why nothing matched: no location, or no place of that name', () => {
    expect(matched(null)).toBe('no_location');
    expect(matched('  ')).toBe('no_location');
    expect(matched('Atlantis')).toBe('no_place');
  });
});
