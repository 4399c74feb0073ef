import { describe, expect, it } from 'vitest';
import { actionsFor, countByTab } from './board-rules';

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

describe('tab counts', () => {
  it('counts tickets per tab, walkouts with no-shows', () => {
    const counts = countByTab([{ status: 'waiting' }, { status: 'waiting' }, { status: 'in_service' }, { status: 'walkout' }]);
    expect(counts).toMatchObject({ waiting: 2, called: 0, in_service: 1, no_show: 1 });
  });
});
