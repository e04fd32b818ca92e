import { describe, expect, it } from 'vitest';
import { secretsAudit } from '../helpers/secrets-audit.js';

// The audit every API test runs through (test/helpers/client.ts): it must see a leak when there is one.

const respond = (method: string, path: string, body: unknown, cookies: string[] = []) =>
  secretsAudit.response(method, path, JSON.stringify(body), cookies, body);

describe('the secrets audit', () => {
  it('flags a secret sent in a request that comes back in a later response or a log line', () => {
    secretsAudit.take();
    const sent = {
      name: 'pg',
      secureJsonData: { password: 'db-password-1' },
      basicAuthPassword: 'basic-pw-22',
    };
    secretsAudit.request(sent);
    respond('GET', '/api/datasources/uid/x', { secureJsonFields: { password: true }, user: 'svc' });
    secretsAudit.logLine('{"msg":"request failed","err":"connection refused"}');
    expect(secretsAudit.take()).toEqual([]);

    secretsAudit.request(sent);
    respond('GET', '/api/datasources', [{ jsonData: { note: 'db-password-1' } }]);
    secretsAudit.logLine('{"msg":"request failed","err":"auth basic-pw-22 refused"}');
    expect(secretsAudit.take()).toEqual([
      'GET /api/datasources contains the secret "db-password-1"',
      'a log line contains the secret "basic-pw-22"',
    ]);
    // `take` forgets the secrets: the next test starts clean
    respond('GET', '/api/datasources', [{ jsonData: { note: 'db-password-1' } }]);
    expect(secretsAudit.take()).toEqual([]);
  });

  it('knows contact point secrets and the tokens svc hands out, not redactions or short values', () => {
    secretsAudit.request({
      settings: { url: 'http://hook', authorization_credentials: 'bearer-xyz-1', token: 'x' },
    });
    secretsAudit.request({ settings: { authorization_credentials: '[REDACTED]' } });
    respond('GET', '/api/v1/provisioning/contact-points', [
      { settings: { authorization_credentials: '[REDACTED]', token: 'x', url: 'http://hook' } },
    ]);
    expect(secretsAudit.take()).toEqual([]);

    respond('POST', '/api/serviceaccounts/2/tokens', { id: 1, name: 't', key: 'glsa_abcdefghijk' });
    respond('POST', '/api/login', { message: 'Logged in' }, [
      'svc_session=session-token-123; Path=/; HttpOnly',
    ]);
    respond('GET', '/api/serviceaccounts/2/tokens', [{ id: 1, name: 't', note: 'glsa_abcdefghijk' }]);
    respond('GET', '/api/user/auth-tokens', [{ token: 'session-token-123' }]);
    expect(secretsAudit.take()).toEqual([
      'GET /api/serviceaccounts/2/tokens contains the secret "glsa_abcdefghijk"',
      'GET /api/user/auth-tokens contains the secret "session-token-123"',
    ]);
  });

  it('lets the contact point export with decrypt=true show secrets, as Grafana does', () => {
    secretsAudit.request({ settings: { password: 'smtp-pass-99' } });
    respond('GET', '/api/v1/provisioning/contact-points/export?decrypt=true', {
      settings: { password: 'smtp-pass-99' },
    });
    expect(secretsAudit.take()).toEqual([]);
  });
});
