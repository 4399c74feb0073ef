import { envelope, idParams, memberPasswordBody, teamMember, teamMemberInput } from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { staffOf } from '../../http/access.js';
import { badRequest, notFound } from '../../http/errors.js';
import { readFormOrJson } from '../../http/multipart-form.js';
import { fileFromField } from '../uploads/uploads-service.js';
import { listTeam, memberFacts } from './team-repository.js';
import { TEAM_MESSAGES, TeamService } from './team-service.js';

/** The team form (multipart, or JSON without a photo), validated with the shared schema. */
async function readTeamForm(req: FastifyRequest) {
  const form = await readFormOrJson(req);
  const parsed = teamMemberInput.safeParse(form.fields);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'The team member is not valid.');
  return { input: parsed.data, photo: fileFromField(form.file, 'profile_pic') };
}

/** Team screen: list, create and edit (multipart), change password, delete. */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const team = new TeamService(app);
  const tags = ['team'];
  const access = 'team.barbers' as const;
  const form = { consumes: ['multipart/form-data', 'application/json'] };

  app.get(
    '/team/team-members/',
    { config: { access }, schema: { tags, querystring: z.object({ timezone: z.string().optional() }), response: { 200: envelope(z.array(teamMember)) } } },
    async (req) => ({ status: 1 as const, response: await listTeam(app.db, staffOf(req.principal).shopId) }),
  );

  app.delete(
    '/team/team-members/:id/',
    { config: { access }, schema: { tags, params: idParams, response: { 200: envelope(z.string()) } } },
    async (req) => {
      await team.remove(staffOf(req.principal), req.params.id);
      return { status: 1 as const, response: TEAM_MESSAGES.removed };
    },
  );

  app.post(
    '/team/update-team-member-password/',
    { config: { access }, schema: { tags, body: memberPasswordBody, response: { 200: envelope(z.string()) } } },
    async (req) => {
      await team.changePassword(staffOf(req.principal), req.body.id, req.body.password);
      return { status: 1 as const, response: TEAM_MESSAGES.passwordUpdated };
    },
  );

  app.post(
    '/barbers/',
    { config: { access }, schema: { tags, ...form, response: { 200: envelope(teamMember) } } },
    async (req) => {
      const { input, photo } = await readTeamForm(req);
      return { status: 1 as const, response: await team.create(staffOf(req.principal), input, photo) };
    },
  );

  app.put(
    '/barbers/:id/',
    { config: { access }, schema: { tags, ...form, params: idParams, response: { 200: envelope(teamMember) } } },
    async (req) => {
      const caller = staffOf(req.principal);
      // Another shop's member is a 404 before the body is even read.
      if (!(await memberFacts(app.db, caller.shopId, req.params.id))) throw notFound(TEAM_MESSAGES.notFound);
      const { input, photo } = await readTeamForm(req);
      return { status: 1 as const, response: await team.update(caller, req.params.id, input, photo) };
    },
  );
};
