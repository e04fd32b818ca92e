import { Type } from 'typebox';
import type { Api } from '../../http/api.js';
import { avatarNotFound } from './avatar.errors.js';
import { identiconSvg, isAvatarHash } from './identicon.js';

/** A hash always renders the same image, so browsers and proxies may keep it for a day. */
const CACHE_CONTROL = 'public, max-age=86400';

export function registerAvatarRoutes(api: Api): void {
  api.get(
    '/avatar/:hash',
    { config: { public: true }, schema: { params: Type.Object({ hash: Type.String() }) } },
    async (request, reply) => {
      const { hash } = request.params;
      if (!isAvatarHash(hash)) throw avatarNotFound();
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', CACHE_CONTROL)
        .send(identiconSvg(hash));
    },
  );
}
