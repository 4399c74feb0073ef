import { describe, expect, it } from 'vitest';
import { actionsFor, actionsForTicket, countByTab } from './board-rules';

describe('ticket actions', () => {
  it('offers call, start and cancel to a waiting ticket', () => {
    expect(actionsFor('waiting')).toEqual(['call', 'start', 'cancel']);
  });
  it('offers start, no-show and cancel to a called ticket', () => {
    expect(actionsFor('called')).toEqual(['start', 'no-show', 'cancel']);
  });
  it('offers only complete in service, and nothing once ended', () => {
    expect(actionsFor('in_service')).toEqual(['complete']);
    expect(actionsFor('done')).toEqual([]);
    expect(actionsFor('no_show')).toEqual([]);
  });
});

describe('putting a ticket back in line', () => {
  const now = new Date('2026-05-04T12:00:00Z');
  it('is offered on a cancelled or no-show ticket for 2 hours after it left', () => {
    expect(actionsForTicket({ status: 'cancelled', ended_at: '2026-05-04T10:00:00Z' }, now)).toEqual(['put-back']);
    expect(actionsForTicket({ status: 'no_show', ended_at: '2026-05-04T11:59:00Z' }, now)).toEqual(['put-back']);
    expect(actionsForTicket({ status: 'cancelled', ended_at: '2026-05-04T09:59:00Z' }, now)).toEqual([]);
  });
  it('is not offered on a walk-out, a finished or a live ticket', () => {
    expect(actionsForTicket({ status: 'walkout', ended_at: '2026-05-04T11:59:00Z' }, now)).toEqual([]);
    expect(actionsForTicket({ status: 'done', ended_at: '2026-05-04T11:59:00Z' }, now)).toEqual([]);
    expect(actionsForTicket({ status: 'waiting', ended_at: null }, now)).toEqual(['call', 'start', 'cancel']);
  });
});

describe('tab counts', () => {
  it('counts tickets per tab, walkouts with no-shows', () => {
    const counts = countByTab([{ status: 'waiting' }, { status: 'waiting' }, { status: 'in_service' }, { status: 'walkout' }]);
    expect(counts).toMatchObject({ waiting: 2, called: 0, in_service: 1, no_show: 1 });
  });
});
