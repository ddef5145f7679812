import { describe, expect, it } from 'vitest';
import { csvCell, earningsCsvFileName, earningsCsvHeader, earningsCsvLine, poundsText } from './earnings-csv';

describe('the earnings CSV', () => {
  it('writes pounds with two decimals', () => {
    expect([poundsText(5300), poundsText(5), poundsText(0), poundsText(123456)]).toEqual(['53.00', '0.05', '0.00', '1234.56']);
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    for (const lead of ['+', '-', '@', '\t']) expect(csvCell(`${lead}cmd`).includes(`'${lead}cmd`)).toBe(true);
    expect(csvCell('Pat Payer')).toBe('Pat Payer');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('Smith, Jo')).toBe('"Smith, Jo"');
    expect(csvCell('Jo "the boot"')).toBe('"Jo ""the boot"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('writes one line per booking in London time', () => {
    expect(earningsCsvHeader()).toBe('Reference,Session date,Client,Session price,Platform share,Coach share,State,Released at,Paid out at\r\n');
    const line = earningsCsvLine({
      referenceCode: 'FACT-20260701-AB12',
      startsAt: new Date('2026-07-04T23:30:00Z'),
      clientName: '=Pat',
      line: { state: 'paid_out', sessionPricePence: 4500, platformSharePence: 300, coachSharePence: 4500, reversedPence: 0, date: null, dateKind: null },
      releasedAt: new Date('2026-07-07T10:15:00Z'),
      paidOutAt: new Date('2026-07-08T05:00:00Z'),
    });
    expect(line).toBe("FACT-20260701-AB12,2026-07-05,'=Pat,45.00,3.00,45.00,Paid out,2026-07-07 11:15,2026-07-08 06:00\r\n");
  });

  it('names the file after the tax year', () => {
    expect(earningsCsvFileName(2026)).toBe('fact-earnings-2026-27.csv');
    expect(earningsCsvFileName(2099)).toBe('fact-earnings-2099-00.csv');
  });
});
