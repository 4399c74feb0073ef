import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import { DEFAULT_SHOP_TIME_ZONE, formatShopDate, type TeamMember, isBarber } from '@chairline/shared';
import { Avatar, Box, Card, IconButton, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import { DataTable, Pagination, useListContext } from 'react-admin';
import { BRAND_COLOR } from '../layout/brand';
import { RoleBadge } from './RoleBadge';
import { rowActions, type TeamTab, type Viewer } from './team-rules';
import { TEAM_TEXTS } from './team-texts';

export interface MemberActions {
  edit: (member: TeamMember) => void;
  changePassword: (member: TeamMember) => void;
  remove: (member: TeamMember) => void;
}

function MemberCell({ member }: { member: TeamMember }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <Avatar sx={{ bgcolor: BRAND_COLOR, width: 36, height: 36, fontSize: 16, fontWeight: 700 }}>{(member.name || member.uemail || 'U').charAt(0).toUpperCase()}</Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }} noWrap>
          {member.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {member.uemail}
        </Typography>
        {!isBarber(member.role) && member.cuts_hair && (
          <Typography variant="caption" color="text.secondary">
            {member.is_owner ? 'Owner · cuts hair' : 'Cuts hair'}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function ActionsCell({ member, viewer, adminCount, on }: { member: TeamMember; viewer: Viewer; adminCount: number; on: MemberActions }) {
  const actions = rowActions(viewer, member, adminCount);
  return (
    <>
      {actions.edit && (
        <Tooltip title="Edit">
          <IconButton aria-label={`Edit ${member.name}`} onClick={() => on.edit(member)}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {actions.password && (
        <Tooltip title="Change password">
          <IconButton aria-label={`Change password of ${member.name}`} onClick={() => on.changePassword(member)}>
            <KeyOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {actions.remove && (
        <Tooltip title="Delete">
          <IconButton aria-label={`Delete ${member.name}`} color="error" onClick={() => on.remove(member)}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
}

interface TeamListProps {
  tab: TeamTab;
  onTab: (tab: TeamTab) => void;
  /** Both tabs' sizes, from the whole team; no tabs while there are no managers. */
  counts: { barbers: number; managers: number };
  viewer: Viewer;
  adminCount: number;
  timeZone: string | undefined;
  on: MemberActions;
}

/** The card of the team screen once the list is in (the list shows the loading card before). */
export function TeamList({ tab, onTab, counts, viewer, adminCount, timeZone, on }: TeamListProps) {
  const { data, setPage } = useListContext<TeamMember>();
  const rows = data ?? []; // a failed read was told in a dialog; the card then shows no one
  return (
    <Card>
      {counts.managers > 0 && (
        <Tabs
          value={tab}
          onChange={(_, value: TeamTab) => {
            onTab(value);
            setPage(1);
          }}
          sx={{ px: 2, borderBottom: '1px solid', borderColor: 'divider' }}
        >
          <Tab value="barbers" label={`Barbers (${counts.barbers})`} />
          <Tab value="managers" label={`Managers (${counts.managers})`} />
        </Tabs>
      )}
      {rows.length === 0 ? (
        <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
          {tab === 'managers' ? TEAM_TEXTS.emptyManagers : TEAM_TEXTS.emptyBarbers}
        </Typography>
      ) : (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            <DataTable<TeamMember> aria-label={tab === 'managers' ? 'Managers' : 'Barbers'} bulkActionButtons={false} rowClick={false} size="medium" sx={{ '& table': { minWidth: 560 } }}>
              <DataTable.Col<TeamMember> source="name" label="Member" render={(m) => <MemberCell member={m} />} />
              <DataTable.Col<TeamMember> label="Actions" disableSort sx={{ whiteSpace: 'nowrap' }} render={(m) => <ActionsCell member={m} viewer={viewer} adminCount={adminCount} on={on} />} />
              <DataTable.Col<TeamMember> source="role" label="Role" render={(m) => <RoleBadge role={m.role} />} />
              <DataTable.Col<TeamMember> source="created_at" label="Join Date" render={(m) => formatShopDate(m.created_at, timeZone ?? DEFAULT_SHOP_TIME_ZONE)} />
            </DataTable>
          </Box>
          <Pagination />
        </>
      )}
    </Card>
  );
}
