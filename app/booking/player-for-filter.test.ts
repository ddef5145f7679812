import { describe, expect, it } from 'vitest';
import { playerForFilter, playerFromAddress } from './player-for-filter';

const jordan = { id: 'p-jordan', ageGroup: 'u12' };
const ella = { id: 'p-ella', ageGroup: 'u16' };
const sam = { id: 'p-sam', ageGroup: 'u12' };

describe('the player a search was made for', () => {
  it('is the one player in the filtered age group', () => {
    expect(playerForFilter([jordan, ella], 'u12')).toBe('p-jordan');
    expect(playerForFilter([jordan, ella], 'u16')).toBe('p-ella');
  });

  it('is nobody without an age-group filter', () => {
    expect(playerForFilter([jordan, ella], null)).toBeNull();
    expect(playerForFilter([jordan, ella], '')).toBeNull();
  });

  it('is nobody when two players share the filtered group, so the dialog asks', () => {
    expect(playerForFilter([jordan, sam], 'u12')).toBeNull();
  });

  it('is nobody when no player is in the filtered group', () => {
    expect(playerForFilter([ella], 'u12')).toBeNull();
  });

  it("takes a player named in the address only when they are one of the client's", () => {
    expect(playerFromAddress([jordan, ella], 'p-ella')).toBe('p-ella');
    expect(playerFromAddress([jordan], 'p-someone-else')).toBeNull();
    expect(playerFromAddress([jordan], null)).toBeNull();
  });
});
