import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendIntegration } from '../../../src/features/alerting/integrations/index.js';
import { selfSignedCertificate } from '../../helpers/peers/certificate.js';
import { startSmtpServer, type SmtpPeer } from '../../helpers/peers/smtp-server.js';
import { context, firing, integration, resolved, smtpDefaults } from './context.js';

let smtp: SmtpPeer;
let authed: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  authed = await startSmtpServer({ requireAuth: { user: 'mailer', password: 'pw' } });
});
afterAll(async () => {
  await smtp.close();
  await authed.close();
});
beforeEach(() => {
  smtp.mails.length = 0;
  authed.mails.length = 0;
});

const smtpConfig = (peer: SmtpPeer, extra: object = {}) => ({
  ...smtpDefaults,
  enabled: true,
  host: `${peer.host}:${peer.port}`,
  fromAddress: 'alerts@svc.test',
  fromName: 'svc alerts',
  ...extra,
});

describe('email', () => {
  it('sends one mail per address with subject, HTML and text bodies', async () => {
    const result = await sendIntegration(
      integration('email', { addresses: 'a@x.test; b@x.test' }),
      firing('email'),
      context({ smtp: smtpConfig(smtp) }),
    );
    expect(result).toMatchObject({ ok: true });
    const mails = await smtp.waitFor(2);
    expect(mails.map((m) => m.envelopeTo)).toEqual([['a@x.test'], ['b@x.test']]);
    const [mail] = mails;
    expect(mail!.envelopeFrom).toBe('alerts@svc.test');
    expect(mail!.headers.from).toBe('svc alerts <alerts@svc.test>');
    expect(mail!.headers.to).toBe('a@x.test');
    expect(mail!.subject.trimEnd()).toBe('[FIRING:1] TestAlert Grafana');
    expect(mail!.text).toContain(
      'You have 1 firing alert(s), and 0 resolved alert(s) for alertname=TestAlert, instance=Grafana',
    );
    expect(mail!.text).toContain('(1) FIRING');
    expect(mail!.text).toContain(' - summary = Notification test');
    expect(mail!.text).toContain(
      'Go to the Alerts page: http://svc.test:3000/alerting/list?alertState=firing&view=state',
    );
    expect(mail!.html).toContain('<h1');
    expect(mail!.html).toContain('[FIRING:1] TestAlert Grafana');
    expect(mail!.html).toContain('<li>summary = Notification test</li>');
    expect(mail!.html).toContain(
      'href="http://svc.test:3000/alerting/list?alertState=firing&amp;view=state"',
    );
  });

  it('sends a single mail to all addresses with singleEmail, with a custom subject and message', async () => {
    const result = await sendIntegration(
      integration('email', {
        addresses: 'a@x.test,b@x.test\nc@x.test',
        singleEmail: true,
        subject: 'Alert {{ .CommonLabels.alertname }} is {{ .Status }}',
        message: 'Look at <{{ .CommonLabels.instance }}>',
      }),
      resolved(),
      context({ smtp: smtpConfig(smtp) }),
    );
    expect(result.ok).toBe(true);
    const [mail] = await smtp.waitFor(1);
    expect(smtp.mails).toHaveLength(1);
    expect(mail!.envelopeTo).toEqual(['a@x.test', 'b@x.test', 'c@x.test']);
    expect(mail!.headers.to).toBe('a@x.test, b@x.test, c@x.test');
    expect(mail!.subject).toBe('Alert HighCPU is resolved');
    expect(mail!.text).toContain('Look at <web-1>');
    expect(mail!.html).toContain('Look at &lt;web-1&gt;');
  });

  it('lists resolved alerts in the default layout', async () => {
    await sendIntegration(
      integration('email', { addresses: 'a@x.test' }),
      resolved(),
      context({ smtp: smtpConfig(smtp) }),
    );
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe('[RESOLVED] HighCPU (web-1)');
    expect(mail!.text).toContain('(1) RESOLVED');
    expect(mail!.text).not.toContain('FIRING');
  });

  it('authenticates with [smtp] user and password', async () => {
    const result = await sendIntegration(
      integration('email', { addresses: 'a@x.test' }),
      firing('email'),
      context({
        smtp: smtpConfig(authed, {
          user: 'mailer',
          password: 'pw',
          startTlsPolicy: 'NoStartTLS',
          ehloIdentity: 'svc.test',
        }),
      }),
    );
    expect(result.ok).toBe(true);
    const [mail] = await authed.waitFor(1);
    expect(mail!.auth?.username).toBe('mailer');

    const wrong = await sendIntegration(
      integration('email', { addresses: 'a@x.test' }),
      firing('email'),
      context({ smtp: smtpConfig(authed, { user: 'mailer', password: 'nope' }) }),
    );
    expect(wrong.ok).toBe(false);
    expect(wrong.error).toMatch(/^failed to send email: .*Invalid username or password/);
  });

  it('upgrades with STARTTLS, verifying the certificate unless skip_verify, and honours the policy', async () => {
    const certificate = await selfSignedCertificate();
    const tlsPeer = await startSmtpServer({ startTls: certificate });
    try {
      const send = (extra: object) =>
        sendIntegration(
          integration('email', { addresses: 'a@x.test' }),
          firing('email'),
          context({ smtp: smtpConfig(tlsPeer, extra) }),
        );
      const untrusted = await send({});
      expect(untrusted.ok).toBe(false);
      expect(untrusted.error).toMatch(/^failed to send email: .*self[- ]signed certificate/);
      expect((await send({ skipVerify: true })).ok).toBe(true);
      expect((await send({ skipVerify: true, startTlsPolicy: 'MandatoryStartTLS' })).ok).toBe(true);
      expect((await send({ startTlsPolicy: 'NoStartTLS' })).ok).toBe(true);
      const mails = await tlsPeer.waitFor(3);
      expect(mails.map((m) => m.secure)).toEqual([true, true, false]);
    } finally {
      await tlsPeer.close();
    }
    // A server without STARTTLS: mandatory fails, opportunistic sends in clear text.
    const mandatory = await sendIntegration(
      integration('email', { addresses: 'a@x.test' }),
      firing('email'),
      context({ smtp: smtpConfig(smtp, { startTlsPolicy: 'MandatoryStartTLS' }) }),
    );
    expect(mandatory.ok).toBe(false);
    expect(mandatory.error).toMatch(/^failed to send email: .*STARTTLS/i);
  });

  it('refuses to send when SMTP is not enabled', async () => {
    const result = await sendIntegration(
      integration('email', { addresses: 'a@x.test' }),
      firing('email'),
      context(),
    );
    expect(result).toMatchObject({
      ok: false,
      invalidConfig: true,
      error: "SMTP not configured, check your svc.ini config file's [smtp] section",
    });
  });

  it('fails within the timeout when the server never greets', async () => {
    const { createServer } = await import('node:net');
    const sockets: import('node:net').Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const started = Date.now();
      const result = await sendIntegration(
        integration('email', { addresses: 'a@x.test' }),
        firing('email'),
        context({ timeoutMs: 400, smtp: smtpConfig(smtp, { host: `127.0.0.1:${port}` }) }),
      );
      expect(result).toMatchObject({ ok: false, timedOut: true });
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
