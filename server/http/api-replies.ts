// What every /api reply carries, errors included: never stored by a browser or proxy (replies hold
// SINs and money), and compressed when large enough for it to pay.
import compression from 'compression';
import type { RequestHandler } from 'express';
import { XLSX_TYPE } from './spreadsheet';

const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

const compressLarge = compression({
  threshold: 1024,
  // An .xlsx is already a zip: compressing it again costs CPU and saves nothing.
  filter: (req, res) =>
    !String(res.getHeader('Content-Type') ?? '').startsWith(XLSX_TYPE) && compression.filter(req, res),
});

export const apiReplies: RequestHandler[] = [noStore, compressLarge];
