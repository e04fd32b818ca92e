import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { openSignedIn, newPage, useChromium } from './session.js';

useChromium();

describe('content security policy in Chromium', () => {
  it('with Grafana’s default policy on, the app loads, signs in and draws pages without a violation', async () => {
    const server = await startTestServer({ overrides: { security: { content_security_policy: 'true' } } });
    const { context, page, errors } = await newPage(server);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) violations.push(message.text());
    });
    try {
      await openSignedIn(page, '/dashboards');
      await page
        .getByRole('button', { name: 'New' })
        .or(page.getByRole('link', { name: /new/i }))
        .first()
        .waitFor();
      // markup an attacker managed to inject: its inline handler is refused (a nonce turns
      // 'unsafe-inline' off), and the browser reports the violation
      await page.evaluate(`
        const holder = document.createElement('div');
        holder.innerHTML = '<img src="/no-such-image.png" onerror="window.__injected = true">';
        document.body.appendChild(holder);
      `);
      await expect
        .poll(() => violations.some((v) => /inline event handler|script-src-attr|script-src/i.test(v)), {
          timeout: 5000,
        })
        .toBe(true);
      expect(await page.evaluate('window.__injected')).toBeUndefined();
      violations.length = 0;
      await page.goto('/alerting/notifications');
      await page.getByRole('heading').first().waitFor();
      expect(violations).toEqual([]);
      expect(errors.filter((e) => !/content security policy|no-such-image/i.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
