// Issue #22's benchmark: GET /api/user signed in by an external provider on every request, each
// on a server of its own configured for it.
// - LDAP Basic: `Authorization: Basic` of a directory user, against a slapd the study starts
//   (test/helpers/peers/slapd.ts). svc trusts a successful bind of the same credentials for 10 s,
//   so the row is the cached path (one bind per 10 s at most).
// - JWT: one RS256 token (1 h exp) in X-JWT-Assertion, its JWKS served by a local node:http server.
//   A verified token is remembered until its exp, so the row is the cached path; the JWKS fetches
//   are counted (expected: 1).
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { LDAP_PEOPLE, ldapGroupMapping, ldapServerToml, startSlapd } from '../../test/helpers/peers/slapd.js';
import { measure, warmUp } from '../measure.js';
import type { BenchRequest, Study } from './types.js';

const SLAPD_BIN = process.env.SLAPD_BIN ?? '/usr/sbin/slapd';
const PEOPLE = LDAP_PEOPLE;
const EDITORS = 'cn=editors,dc=example,dc=org';

/** The request answers 200 before it is measured: a refused sign-in would measure a 401. */
async function checkOk(url: string, request: BenchRequest): Promise<void> {
  const response = await fetch(url + request.path, { headers: request.headers });
  if (response.status !== 200)
    throw new Error(`${request.path} answered ${response.status}: ${await response.text()}`);
}

const LDAP_ROW = 'GET /api/user (LDAP Basic, cached bind)';
const JWT_ROW = 'GET /api/user (JWT, cached verification)';

export const ldapBasicStudy: Study = {
  name: LDAP_ROW,
  async run({ startServer }) {
    if (!existsSync(SLAPD_BIN)) {
      return {
        rows: [],
        figures: [
          {
            name: `skipped: ${SLAPD_BIN} is missing (apt-get install slapd ldap-utils)`,
            value: null,
            unit: '',
          },
        ],
      };
    }
    const slapd = await startSlapd();
    const dir = await mkdtemp(join(tmpdir(), 'svc-bench-ldap-'));
    try {
      await slapd.add(
        [
          `dn: ${PEOPLE}\nobjectClass: organizationalUnit\nou: people\n`,
          [
            `dn: uid=bench,${PEOPLE}`,
            'objectClass: inetOrgPerson',
            'uid: bench',
            'cn: Bench User',
            'givenName: Bench',
            'sn: User',
            'mail: bench@example.org',
            'userPassword: bench-ldap-pw',
            '',
          ].join('\n'),
          `dn: ${EDITORS}\nobjectClass: groupOfNames\ncn: editors\nmember: uid=bench,${PEOPLE}\n`,
        ].join('\n'),
      );
      const toml = join(dir, 'ldap.toml');
      await writeFile(toml, ldapServerToml(slapd.port, ldapGroupMapping(EDITORS, 1, 'Editor')));
      const server = await startServer('ldap-basic', {
        env: { SVC_AUTH_LDAP_ENABLED: 'true', SVC_AUTH_LDAP_CONFIG_FILE: toml },
      });
      try {
        const request: BenchRequest = {
          path: '/api/user',
          headers: { authorization: `Basic ${Buffer.from('bench:bench-ldap-pw').toString('base64')}` },
        };
        // The first request binds and signs the user up; the rest reuse it.
        await checkOk(server.url, request);
        await warmUp(server.url, request);
        const row = await measure(server.url, request);
        return { rows: [{ scenario: LDAP_ROW, ...row }], figures: [] };
      } finally {
        await server.stop();
      }
    } finally {
      await slapd.stop();
      await rm(dir, { recursive: true, force: true });
    }
  },
};

export const jwtStudy: Study = {
  name: JWT_ROW,
  async run({ startServer }) {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256', use: 'sig' };
    let fetches = 0;
    const jwks = createServer((_request, response) => {
      fetches++;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    try {
      const server = await startServer('jwt', {
        env: {
          SVC_AUTH_JWT_ENABLED: 'true',
          SVC_AUTH_JWT_HEADER_NAME: 'X-JWT-Assertion',
          SVC_AUTH_JWT_JWK_SET_URL: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks`,
          SVC_AUTH_JWT_USERNAME_CLAIM: 'login',
          SVC_AUTH_JWT_EMAIL_CLAIM: 'email',
          SVC_AUTH_JWT_AUTO_SIGN_UP: 'true',
        },
      });
      try {
        const now = Math.floor(Date.now() / 1000);
        const token = await new SignJWT({ login: 'bench', email: 'bench@example.org', name: 'Bench User' })
          .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
          .setSubject('bench-subject')
          .setIssuedAt(now)
          .setExpirationTime(now + 3600)
          .sign(privateKey);
        const request: BenchRequest = { path: '/api/user', headers: { 'x-jwt-assertion': token } };
        await checkOk(server.url, request);
        await warmUp(server.url, request);
        const row = await measure(server.url, request);
        return {
          rows: [{ scenario: JWT_ROW, ...row }],
          figures: [{ name: 'JWKS fetches during the study', value: fetches, unit: '', target: '1' }],
        };
      } finally {
        await server.stop();
      }
    } finally {
      await new Promise<void>((resolve) => jwks.close(() => resolve()));
    }
  },
};
