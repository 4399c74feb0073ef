import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import { canAccess, DEFAULT_SHOP_TIME_ZONE, formatShopDate, normalizeRole, TOAST_AUTO_CLOSE_MS, type TeamMember } from '@chairline/shared';
import {
  Avatar,
  Box,
  Button,
  Card,
  IconButton,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Tooltip,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { useDialogs } from '../common/dialogs';
import { useFeedback } from '../common/feedback';
import { BRAND_COLOR } from '../layout/brand';
import { useSession } from '../layout/session';
import { dataProvider } from '../providers';
import { ResponsiveSheet } from './ResponsiveSheet';
import { RoleBadge } from './RoleBadge';
import { replyError, replyOf, rowActions, saveFailure, saveOutcome, splitTeam, type TeamTab } from './team-rules';
import { TEAM_TEXTS } from './team-texts';
import { teamFormData, TeamMemberForm, type TeamFormValues } from './TeamMemberForm';
import { Spinner } from '../common/Spinner';

type Modal = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; member: TeamMember };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Team screen: barbers and managers, create/edit, password, delete. */
export function TeamPage() {
  const { user, reload } = useSession();
  const notify = useNotify();
  const { confirm, prompt } = useDialogs();
  const { notice } = useFeedback();
  const [members, setMembers] = useState<TeamMember[] | null>(null);
  const [tab, setTab] = useState<TeamTab>('barbers');
  const [modal, setModal] = useState<Modal>({ mode: 'closed' });
  const [formKey, setFormKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const viewerRole = normalizeRole(user.role);
  const canManageManagers = canAccess(viewerRole, 'team.managers');

  const showError = useCallback((text: string) => notice({ title: TEAM_TEXTS.error, text, tone: 'error' }), [notice]);

  const load = useCallback(async () => {
    try {
      const reply = await replyOf(dataProvider.getTeamMembers());
      const failure = replyError(reply);
      if (failure) {
        void showError(failure);
        setMembers((current) => current ?? []);
        return;
      }
      const list = (reply.body as { response: unknown }).response;
      setMembers(Array.isArray(list) ? (list as TeamMember[]) : []);
    } catch (error) {
      void showError(errorText(error));
      setMembers((current) => current ?? []);
    }
  }, [showError]);

  useEffect(() => {
    void load();
  }, [load]);

  const { managers, barbers } = splitTeam(members ?? []);
  const rows = tab === 'managers' ? managers : barbers;
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
        await load();
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
      await load();
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

      <Card>
        {managers.length > 0 && (
          <Tabs value={tab} onChange={(_, value: TeamTab) => setTab(value)} sx={{ px: 2, borderBottom: '1px solid', borderColor: 'divider' }}>
            <Tab value="barbers" label={`Barbers (${barbers.length})`} />
            <Tab value="managers" label={`Managers (${managers.length})`} />
          </Tabs>
        )}
        {members === null ? (
          <Spinner label={TEAM_TEXTS.loading} minHeight={160} />
        ) : rows.length === 0 ? (
          <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
            {tab === 'managers' ? TEAM_TEXTS.emptyManagers : TEAM_TEXTS.emptyBarbers}
          </Typography>
        ) : (
          <TableContainer>
            <Table aria-label={tab === 'managers' ? 'Managers' : 'Barbers'} sx={{ minWidth: 560 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Member</TableCell>
                  <TableCell>Actions</TableCell>
                  <TableCell>Role</TableCell>
                  <TableCell>Join Date</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((member) => {
                  const actions = rowActions(viewer, member, adminCount);
                  return (
                  <TableRow key={member.id} hover>
                    <TableCell>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                        <Avatar sx={{ bgcolor: BRAND_COLOR, width: 36, height: 36, fontSize: 16, fontWeight: 700 }}>
                          {(member.name || member.uemail || 'U').charAt(0).toUpperCase()}
                        </Avatar>
                        <Box sx={{ minWidth: 0 }}>
                          <Typography sx={{ fontWeight: 600 }} noWrap>
                            {member.name}
                          </Typography>
                          <Typography variant="body2" color="text.secondary" noWrap>
                            {member.uemail}
                          </Typography>
                          {member.role !== 'employee' && member.cuts_hair && (
                            <Typography variant="caption" color="text.secondary">
                              {member.is_owner ? 'Owner · cuts hair' : 'Cuts hair'}
                            </Typography>
                          )}
                        </Box>
                      </Box>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {actions.edit && (
                        <Tooltip title="Edit">
                          <IconButton aria-label={`Edit ${member.name}`} onClick={() => setModal({ mode: 'edit', member })}>
                            <EditOutlinedIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                      {actions.password && (
                        <Tooltip title="Change password">
                          <IconButton aria-label={`Change password of ${member.name}`} onClick={() => void changePassword(member)}>
                            <KeyOutlinedIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                      {actions.remove && (
                        <Tooltip title="Delete">
                          <IconButton aria-label={`Delete ${member.name}`} color="error" onClick={() => void remove(member)}>
                            <DeleteOutlineIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                    </TableCell>
                    <TableCell>
                      <RoleBadge role={member.role} />
                    </TableCell>
                    <TableCell>{formatShopDate(member.created_at, user.shop_time_zone ?? DEFAULT_SHOP_TIME_ZONE)}</TableCell>
                  </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>

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
