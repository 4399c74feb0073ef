import { canAccess, normalizeRole, TOAST_AUTO_CLOSE_MS, type TeamMember } from '@chairline/shared';
import { Box, Button, Card, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { List, useGetList, useNotify, useRefresh } from 'react-admin';
import { useDialogs } from '../common/dialogs';
import { useFeedback } from '../common/feedback';
import { Spinner } from '../common/Spinner';
import { useSession } from '../layout/session';
import { dataProvider } from '../providers';
import { ResponsiveSheet } from './ResponsiveSheet';
import { replyError, replyOf, saveFailure, saveOutcome, splitTeam, type TeamTab } from './team-rules';
import { TEAM_TEXTS } from './team-texts';
import { TeamList } from './TeamList';
import { teamFormData, TeamMemberForm, type TeamFormValues } from './TeamMemberForm';
import { errorText } from '../common/error-text';

type Modal = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; member: TeamMember };


/** The tab counts and the last-admin rule need the whole team (one reply of the endpoint anyway). */
const WHOLE_TEAM = { pagination: { page: 1, perPage: 10_000 } };

const LOADING = (
  <Card>
    <Spinner label={TEAM_TEXTS.loading} minHeight={160} />
  </Card>
);

/** Team screen: barbers and managers, create/edit, password, delete. */
export function TeamPage() {
  const { user, reload } = useSession();
  const notify = useNotify();
  const refresh = useRefresh();
  const { confirm, prompt } = useDialogs();
  const { notice } = useFeedback();
  const [tab, setTab] = useState<TeamTab>('barbers');
  const [modal, setModal] = useState<Modal>({ mode: 'closed' });
  const [formKey, setFormKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const viewerRole = normalizeRole(user.role);
  const canManageManagers = canAccess(viewerRole, 'team.managers');
  const { data: team } = useGetList<TeamMember>('team', WHOLE_TEAM);

  const showError = useCallback((text: string) => notice({ title: TEAM_TEXTS.error, text, tone: 'error' }), [notice]);

  const { managers, barbers } = splitTeam(team ?? []);
  const adminCount = managers.filter((m) => normalizeRole(m.role) === 'admin').length;
  const viewer = { role: user.role, email: user.email };
  const editing = modal.mode === 'edit' ? modal.member : null;

  const closeModal = () => {
    setModal({ mode: 'closed' });
    setFormKey((k) => k + 1); // a fresh, reset form next time
  };

  const save = async (values: TeamFormValues) => {
    setBusy(true);
    try {
      const reply = await replyOf(dataProvider.saveTeamMember(teamFormData(values, tab, editing), editing?.id));
      const outcome = saveOutcome(reply, editing !== null);
      if (outcome.ok) {
        closeModal();
        notify(outcome.message, { type: 'success', autoHideDuration: TOAST_AUTO_CLOSE_MS });
        refresh();
        void reload(); // the barber count of the usage bar
      } else if (outcome.title) {
        await notice({ title: outcome.title, text: outcome.message, tone: 'error' });
      } else {
        notify(outcome.message, { type: 'error' });
      }
    } catch (error) {
      const outcome = saveFailure(error);
      await notice({ title: outcome.title ?? TEAM_TEXTS.error, text: outcome.message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const changePassword = async (member: TeamMember) => {
    const password = await prompt({ title: TEAM_TEXTS.passwordTitle, placeholder: TEAM_TEXTS.passwordPlaceholder, inputType: 'password', confirmLabel: 'Update' });
    if (!password) return; // an empty value is ignored
    try {
      const failure = replyError(await replyOf(dataProvider.changeMemberPassword(member.id, password)));
      if (failure) await showError(failure);
      else await notice({ title: TEAM_TEXTS.passwordUpdatedTitle, text: TEAM_TEXTS.passwordUpdated, tone: 'success' });
    } catch (error) {
      await showError(errorText(error));
    }
  };

  const remove = async (member: TeamMember) => {
    const ok = await confirm({ title: TEAM_TEXTS.deleteTitle, text: TEAM_TEXTS.deleteText, icon: 'warning', confirmLabel: TEAM_TEXTS.deleteConfirm, destructive: true });
    if (!ok) return;
    try {
      const failure = replyError(await replyOf(dataProvider.deleteTeamMember(member.id)));
      if (failure) {
        await showError(failure);
        return;
      }
      refresh();
      void reload();
      await notice({ title: TEAM_TEXTS.deleted, text: TEAM_TEXTS.memberRemoved, tone: 'success' });
    } catch (error) {
      await showError(errorText(error));
    }
  };

  const canCreate = tab === 'barbers' || canManageManagers;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between', gap: 2, flexDirection: { xs: 'column', sm: 'row' }, mb: 3 }}>
        <Box>
          <Typography variant="h5" component="h1">
            {TEAM_TEXTS.title}
          </Typography>
          <Typography color="text.secondary">{TEAM_TEXTS.subtitle}</Typography>
        </Box>
        {canCreate && (
          <Button variant="contained" onClick={() => setModal({ mode: 'add' })}>
            {tab === 'managers' ? TEAM_TEXTS.createManager : TEAM_TEXTS.createBarber}
          </Button>
        )}
      </Box>

      {/* Sorted as the server sends the team (by joining date); the tab is a filter of the data provider. */}
      <List
        resource="team"
        filter={{ tab }}
        sort={{ field: 'created_at', order: 'ASC' }}
        perPage={25}
        disableSyncWithLocation
        title={false}
        actions={false}
        pagination={false}
        empty={false}
        component="div"
        loading={LOADING}
        authLoading={LOADING}
        queryOptions={{ onError: (error) => void showError(errorText(error)) }}
        sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaList-noActions': { mt: 0 } }}
      >
        <TeamList
          tab={tab}
          onTab={setTab}
          counts={{ barbers: barbers.length, managers: managers.length }}
          viewer={viewer}
          adminCount={adminCount}
          timeZone={user.shop_time_zone}
          on={{ edit: (member) => setModal({ mode: 'edit', member }), changePassword: (m) => void changePassword(m), remove: (m) => void remove(m) }}
        />
      </List>

      <ResponsiveSheet open={modal.mode !== 'closed'} onClose={closeModal} labelledBy="team-form-title">
        {modal.mode !== 'closed' && (
          <TeamMemberForm
            key={`${formKey}-${editing?.id ?? 'new'}`}
            tab={tab}
            member={editing}
            canChooseAdmin={canManageManagers}
            busy={busy}
            onCancel={closeModal}
            onSubmit={(values) => void save(values)}
            onInvalid={(text, title) => (title ? void notice({ title, text, tone: 'error' }) : notify(text, { type: 'error' }))}
          />
        )}
      </ResponsiveSheet>
    </Box>
  );
}
