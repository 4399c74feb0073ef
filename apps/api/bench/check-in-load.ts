import type autocannon from 'autocannon';
import { BENCH_SHOPS } from './settings.js';

/**
 * A check-in load for autocannon: each request a new phone number (a waiting phone checking in
 * again is refused), spread over the bench shops so each line stays the length of a busy day.
 * One counter per process, so two servers on one database never see the same phone.
 */
let phone = 0;
export function checkInRequest(url: string): autocannon.Options {
  return {
    url,
    requests: [
      {
        method: 'POST',
        path: '/api/check-in/',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => {
          phone += 1;
          return {
            ...req,
            body: JSON.stringify({
              shop_username: `bench-${phone % BENCH_SHOPS}`,
              name: 'Bench Guest',
              phone_number: `+1 555 ${String(phone).padStart(7, '0')}`,
            }),
          };
        },
      },
    ],
  };
}
