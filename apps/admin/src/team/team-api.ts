import type { TeamMember } from '@chairline/shared';
import { http } from '../providers';

// The team calls. Replies with an HTTP status are results; only a request
// that got no reply rejects.

export type Reply = { status: number; body: unknown };

export const teamApi = {
  list: () => http.get<{ status: number; response: TeamMember[] }>('/team/team-members/'),
  remove: (id: number): Promise<Reply> => http.delete(`/team/team-members/${id}/`),
  changePassword: (id: number, password: string): Promise<Reply> => http.post('/team/update-team-member-password/', { id, password }),
  save: (form: FormData, id?: number): Promise<Reply> => (id === undefined ? http.post('/barbers/', form) : http.put(`/barbers/${id}/`, form)),
};
