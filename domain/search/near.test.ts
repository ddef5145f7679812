import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { distanceLabel, greatCircleMetres, isListedNear, METRES_PER_MILE, nearFromSearchParams, parseSortedCursor, reachOf, sortedCursorAfter, sortFromSearchParams, tenthsOfMile } from './near';

describe('the radius rule', () => {
  it('lists a coach whose base is exactly the searched distance away, and not one a tenth of a mile further', () => {
    expect(reachOf({ distanceTenths: 100, searchMiles: 10, serviceRadiusMiles: 0 })).toEqual({ nearby: true, travelsToYou: false });
    expect(isListedNear(reachOf({ distanceTenths: 101, searchMiles: 10, serviceRadiusMiles: 0 }))).toBe(false);
  });

  it('lists a coach beyond the searched distance when the client is within their own service radius', () => {
    expect(reachOf({ distanceTenths: 120, searchMiles: 10, serviceRadiusMiles: 12 })).toEqual({ nearby: false, travelsToYou: true });
    expect(isListedNear(reachOf({ distanceTenths: 121, searchMiles: 10, serviceRadiusMiles: 12 }))).toBe(false);
  });

  it('never says a coach with a radius of 0 travels, even to their own place', () => {
    expect(reachOf({ distanceTenths: 0, searchMiles: 5, serviceRadiusMiles: 0 })).toEqual({ nearby: true, travelsToYou: false });
  });

  it('compares distances as they are shown: 10.04 miles is 10.0 and within 10, 10.05 is 10.1 and not', () => {
    expect(tenthsOfMile(10.04 * METRES_PER_MILE)).toBe(100);
    expect(tenthsOfMile(10.05 * METRES_PER_MILE + 0.001)).toBe(101);
  });

  it('lists a coach exactly when the shown distance is within the larger of the two limits', () => {
    fc.assert(
      fc.property(fc.nat(6000), fc.constantFrom(5, 10, 25, 50), fc.nat(500), (tenths, search, radius) => {
        expect(isListedNear(reachOf({ distanceTenths: tenths, searchMiles: search, serviceRadiusMiles: radius }))).toBe(tenths <= Math.max(search, radius) * 10);
      }),
    );
  });
});

describe('distances', () => {
  it('measures Didsbury to Stockport on the sphere PostgreSQL uses, about 3.2 miles', () => {
    const metres = greatCircleMetres({ latitude: 53.41698, longitude: -2.23145 }, { latitude: 53.40979, longitude: -2.15761 });
    expect(tenthsOfMile(metres)).toBe(31);
  });

  it('says distances to a tenth of a mile', () => {
    expect(distanceLabel(34)).toBe('3.4 miles away');
    expect(distanceLabel(10)).toBe('1.0 mile away');
    expect(distanceLabel(100)).toBe('10.0 miles away');
    expect(distanceLabel(0)).toBe('Under 0.1 miles away');
  });
});

describe('the URL', () => {
  it('reads a place and a distance, 10 miles when the distance is missing or not one of the four', () => {
    expect(nearFromSearchParams(new URLSearchParams('near=6620310&miles=25'))).toEqual({ placeId: 6620310, miles: 25 });
    expect(nearFromSearchParams(new URLSearchParams('near=6620310&miles=7'))).toEqual({ placeId: 6620310, miles: 10 });
    expect(nearFromSearchParams(new URLSearchParams('near=abc'))).toBeNull();
    expect(nearFromSearchParams(new URLSearchParams('near=99999999999'))).toBeNull();
  });

  it('sorts by distance by default near a place, by rating otherwise, and never by distance without a place', () => {
    const near = { placeId: 1, miles: 10 } as const;
    expect(sortFromSearchParams(new URLSearchParams(''), near)).toBe('distance');
    expect(sortFromSearchParams(new URLSearchParams('sort=price'), near)).toBe('price');
    expect(sortFromSearchParams(new URLSearchParams('sort=distance'), null)).toBe('rating');
  });

  it('reads back the cursor it wrote, and refuses one of another order', () => {
    const cursor = { by: 'distance', key: 34, rating: 4.5, userId: '0b4a3c9e-1111-4222-8333-444455556666' } as const;
    expect(parseSortedCursor(sortedCursorAfter(cursor), 'distance')).toEqual(cursor);
    expect(parseSortedCursor(sortedCursorAfter(cursor), 'price')).toBeNull();
    expect(parseSortedCursor('d34_9.9_x', 'distance')).toBeNull();
  });
});
