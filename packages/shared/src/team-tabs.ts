// Who the back office's team screen lists under each tab. One rule for the screen's counts and for
// the data provider, which filters the team by tab (the team endpoint returns everyone).

export const TEAM_TABS = ['barbers', 'managers'] as const;
export type TeamTab = (typeof TEAM_TABS)[number];

const managesShop = (role: unknown) => role === 'admin' || role === 'manager';

/**
 * Manager list = role admin or manager; barber list = all others, plus every owner, admin or
 * manager who cuts hair (they take walk-ins, so the Barbers count matches the usage bar, the plan
 * limit, the rotation and the commission report). Such a person shows in both lists.
 */
export function inTeamTab(member: { role?: unknown; cuts_hair?: unknown }, tab: TeamTab): boolean {
  if (tab === 'managers') return managesShop(member.role);
  return !managesShop(member.role) || member.cuts_hair === true;
}

export const isTeamTab = (value: unknown): value is TeamTab => value === 'barbers' || value === 'managers';
