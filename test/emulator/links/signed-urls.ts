/** Signed, time-limited media links: `<origin>/files/<id>?expires=<unix s>&sig=<hmac>`, served without auth. */

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type LinkCheck = 'ok' | 'expired' | 'bad-signature';

export class UrlSigner {
  private readonly secret = randomBytes(32);

  link(origin: string, fileId: string, expiresAt: number): string {
    return `${origin}/files/${encodeURIComponent(fileId)}?expires=${expiresAt}&sig=${this.signature(fileId, expiresAt)}`;
  }

  check(fileId: string, expires: string | null, sig: string | null, nowSeconds: number): LinkCheck {
    if (!expires || !sig || !/^\d+$/.test(expires)) return 'bad-signature';
    const expected = Buffer.from(this.signature(fileId, Number(expires)));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad-signature';
    return Number(expires) <= nowSeconds ? 'expired' : 'ok';
  }

  private signature(fileId: string, expiresAt: number): string {
    return createHmac('sha256', this.secret).update(`${fileId}\n${expiresAt}`).digest('hex');
  }
}
