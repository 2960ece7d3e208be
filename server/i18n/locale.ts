import type { RequestHandler } from 'express';

/** The languages the server answers in (DECISIONS.md "Interface"); English is the default. */
export type Locale = 'en-US' | 'zh-CN';

declare global {
  namespace Express {
    interface Request {
      /** The caller's language from Accept-Language (the client sends its UI language). */
      locale?: Locale;
    }
  }
}

/** 'zh-CN' when the best-weighted tag of Accept-Language is Chinese (zh, zh-CN, zh-Hans, ...), else 'en-US'. */
export function pickLocale(acceptLanguage: string | undefined): Locale {
  let best: { tag: string; q: number } | undefined;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const [tag, ...params] = part.trim().split(';');
    if (!tag) continue;
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = weight ? Number(weight.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    // The first tag wins a tie, as the header lists them in order of preference.
    if (!best || q > best.q) best = { tag: tag.trim().toLowerCase(), q };
  }
  return best && (best.tag === 'zh' || best.tag.startsWith('zh-')) ? 'zh-CN' : 'en-US';
}

export const withLocale: RequestHandler = (req, _res, next) => {
  req.locale = pickLocale(req.headers['accept-language']);
  next();
};
