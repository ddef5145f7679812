import { describe, expect, it } from 'vitest';
import { CoalescedStream } from './coalesced-stream.server';

async function collect(stream: CoalescedStream): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return chunks;
}

describe('CoalescedStream', () => {
  it('sends what is written in one turn of the event loop as one chunk, unchanged', async () => {
    const stream = new CoalescedStream();
    const done = collect(stream);
    for (let i = 0; i < 50; i++) stream.write(`<li>${i}</li>`);
    stream.end('</ul>');
    const chunks = await done;
    expect(chunks).toHaveLength(1);
    expect(Buffer.concat(chunks).toString()).toBe(Array.from({ length: 50 }, (_, i) => `<li>${i}</li>`).join('') + '</ul>');
  });

  it('lets a part written later leave on its own, as soon as the loop turns', async () => {
    const stream = new CoalescedStream();
    const chunks: string[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c.toString()));
    stream.write('shell');
    await new Promise((r) => setTimeout(r, 5));
    expect(chunks).toEqual(['shell']);
    stream.write('deferred');
    stream.end();
    await new Promise((r) => stream.on('end', r));
    expect(chunks).toEqual(['shell', 'deferred']);
  });

  it('flushes at once past its size limit', async () => {
    const stream = new CoalescedStream(10);
    const chunks: string[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c.toString()));
    stream.write('0123456789ab');
    expect(chunks).toEqual(['0123456789ab']);
    stream.end();
  });
});
