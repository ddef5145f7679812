import { describe, expect, it, vi } from 'vitest';
import type { Application } from '../composition-root';
import type { Logger } from '../logging/logger';
import { HttpRequestContext } from './request-context';

function appWithLogger() {
  const child = { info: vi.fn() } as unknown as Logger;
  const logger = { child: vi.fn(() => child) } as unknown as Logger;
  return { app: { logger } as unknown as Application, logger, child };
}

describe('the context of one HTTP request', () => {
  it('holds what the server read from the request', () => {
    const { app } = appWithLogger();
    const report = () => {};
    const context = new HttpRequestContext(app, 'req-1', '203.0.113.9', 'nonce', report, true);
    expect(context).toMatchObject({ app, requestId: 'req-1', clientIp: '203.0.113.9', cspNonce: 'nonce', reportError: report, readOnlyRequest: true });
  });

  it('makes its child logger on first use only, once, with the request id', () => {
    const { app, logger, child } = appWithLogger();
    const context = new HttpRequestContext(app, 'req-2', '::1', undefined, undefined, false);
    expect(logger.child).not.toHaveBeenCalled();
    expect(context.log).toBe(child);
    expect(context.log).toBe(child);
    expect(logger.child).toHaveBeenCalledTimes(1);
    expect(logger.child).toHaveBeenCalledWith({ requestId: 'req-2' });
  });
});
