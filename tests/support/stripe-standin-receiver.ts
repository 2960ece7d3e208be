// For the Stripe stand-in's own tests: the stand-in with the official `stripe` SDK pointed at it, and a
// local HTTP endpoint that records every webhook delivery it makes (path, raw body, signature header).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { type StripeStandIn, startStripeStandIn } from './stripe-standin';

export interface Delivery {
  path: string;
  body: string;
  signature: string;
}

/** The official SDK talking to `standIn`. */
export const sdkFor = (standIn: StripeStandIn) =>
  new Stripe(standIn.secretKey, { host: standIn.host, port: standIn.port, protocol: standIn.protocol });

/** A started stand-in, its SDK, and a receiver at `base` (point the stand-in's webhook endpoints there). */
export async function startStandInWithReceiver() {
  const standIn = await startStripeStandIn();
  const deliveries: Delivery[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({
        path: String(req.url),
        body: Buffer.concat(chunks).toString(),
        signature: String(req.headers['stripe-signature']),
      });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  return {
    standIn,
    stripe: sdkFor(standIn),
    deliveries,
    base: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
    close: async () => {
      await standIn.close();
      await new Promise((resolve) => receiver.close(resolve));
    },
  };
}
