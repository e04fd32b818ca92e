/** A browser: one cookie jar per origin, redirects followed by hand, the provider's forms submitted. */
export class OAuthBrowser {
  private readonly jars = new Map<string, Map<string, string>>();
  constructor(
    readonly svcBase: string,
    /** svc's public URL as the provider knows it; those requests go to `svcBase` */
    private readonly root: string,
  ) {}

  private jar(origin: string): Map<string, string> {
    let jar = this.jars.get(origin);
    if (!jar) this.jars.set(origin, (jar = new Map()));
    return jar;
  }

  cookie(name: string): string | undefined {
    return this.jar(this.svcBase).get(name);
  }

  private async send(url: URL, init: RequestInit = {}): Promise<Response> {
    const jar = this.jar(url.origin);
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair!.split('=');
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a),
      );
      if (expired || value.join('=') === '') jar.delete(name!.trim());
      else jar.set(name!.trim(), value.join('='));
    }
    return response;
  }

  /** Where svc's own pages live: the fake public origin is this server. */
  private resolve(location: string, base: URL): URL {
    const url = new URL(location, base);
    return url.origin === this.root ? new URL(url.pathname + url.search, this.svcBase) : url;
  }

  /**
   * Follows `path` on svc through the provider's forms (logging in as `login`) until the browser
   * lands on an svc page other than an OAuth endpoint (`/login/<provider>`); answers that page's path and query.
   */
  async signIn(path: string, login: string, tamper?: (url: URL) => void): Promise<string> {
    let url = new URL(path, this.svcBase);
    let init: RequestInit = {};
    for (let hop = 0; hop < 20; hop++) {
      if (url.origin === this.svcBase && tamper && url.searchParams.has('code')) tamper(url);
      const response = await this.send(url, init);
      init = {};
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        const next = this.resolve(location, url);
        if (next.origin === this.svcBase && !/^\/login\/\w+$/.test(next.pathname)) {
          return next.pathname + next.search;
        }
        url = next;
        continue;
      }
      const html = await response.text();
      const form = /<form[^>]*action="([^"]+)"[^>]*method="post"[\s\S]*?<\/form>/i.exec(html);
      if (!form) throw new Error(`stuck at ${url.href}: ${response.status} ${html.slice(0, 300)}`);
      const fields = new URLSearchParams();
      for (const input of form[0].matchAll(/<input[^>]*name="([^"]+)"[^>]*>/g)) {
        const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
        fields.set(input[1]!, input[1] === 'login' ? login : input[1] === 'password' ? 'any' : value);
      }
      url = new URL(form[1]!, url);
      init = {
        method: 'POST',
        body: fields,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
    }
    throw new Error('too many redirects');
  }
}
