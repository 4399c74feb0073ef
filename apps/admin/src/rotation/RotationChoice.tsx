import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { canAccess, ROTATION_MEMBERSHIP_MESSAGES, type TeamMember, isBarber } from '@chairline/shared';
import { Avatar, Box, Button, Card, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useNotify, useDataProvider } from 'react-admin';
import { imageUrl } from '../common/image-url';
import { useSession } from '../layout/session';
import { RoleBadge } from '../team/RoleBadge';
import { errorText } from '../common/error-text';
import type { ChairlineDataProvider } from '@chairline/data-provider';

interface Named {
  id: number;
  name: string;
}

/**
 * Whether an owner or manager takes walk-ins is their choice: they leave the rotation (freeing a
 * barber seat of the plan) or join it again. Barbers always take walk-ins, so they get no control.
 * `onChanged` reloads the caller's list; the session user is reloaded for the usage bar.
 */
export function useRotationChoice(onChanged: () => void) {
  const { user, reload } = useSession();
  const notify = useNotify();
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  const allowed = canAccess(user.role, 'queue');
  const [team, setTeam] = useState<TeamMember[]>([]);
  const [busyId, setBusyId] = useState<number | null>(null);

  const loadTeam = useCallback(() => {
    if (!allowed) return;
    dataProvider.getTeamMembers().then(setTeam, () => setTeam([]));
  }, [allowed, dataProvider]);
  useEffect(loadTeam, [loadTeam]);

  const choosers = allowed ? team.filter((m) => !isBarber(m.role)) : [];

  const change = async (member: Named, action: 'leave' | 'join') => {
    setBusyId(member.id);
    try {
      await dataProvider.setRotationMembership(member.id, action);
      const message = action === 'leave' ? ROTATION_MEMBERSHIP_MESSAGES.left(member.name) : ROTATION_MEMBERSHIP_MESSAGES.joined(member.name);
      notify(message, { type: 'success' });
      onChanged();
      loadTeam();
      await reload();
    } catch (err) {
      notify(errorText(err), { type: 'error' });
    } finally {
      setBusyId(null);
    }
  };

  return {
    /** May this member be taken out of the rotation (an owner or manager in it)? */
    canLeave: (id: number) => choosers.some((m) => m.id === id && m.position !== null),
    /** Owners and managers out of the rotation: they take no walk-ins and use no barber seat. */
    outside: choosers.filter((m) => m.position === null),
    busyId,
    change,
  };
}

export type RotationChoice = ReturnType<typeof useRotationChoice>;

/** On an owner's or manager's card: stop taking walk-ins. */
export function LeaveRotationButton({ member, choice }: { member: Named; choice: RotationChoice }) {
  return (
    <Button
      size="small"
      variant="outlined"
      color="inherit"
      startIcon={<PersonRemoveIcon />}
      disabled={choice.busyId === member.id}
      aria-label={`Take out of rotation: ${member.name}`}
      onClick={() => void choice.change(member, 'leave')}
      sx={{ justifySelf: 'start' }}
    >
      Take out of rotation
    </Button>
  );
}

/** Owners and managers who do not take walk-ins, each with "Add to rotation". Nothing when there are none. */
export function OutOfRotation({ choice }: { choice: RotationChoice }) {
  if (choice.outside.length === 0) return null;
  return (
    <Card component="section" variant="outlined" aria-labelledby="out-of-rotation-title" sx={{ p: 2 }}>
      <Typography id="out-of-rotation-title" variant="h6" component="h2">
        Not taking walk-ins
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Owners and managers out of the rotation take no walk-ins and use no barber seat of your plan.
      </Typography>
      <Stack gap={1}>
        {choice.outside.map((m) => (
          <Stack key={m.id} direction="row" gap={1.5} data-testid="out-of-rotation-row" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Avatar src={imageUrl(m.profile_pic)} alt={m.name} sx={{ width: 36, height: 36 }}>
              {m.name.charAt(0).toUpperCase()}
            </Avatar>
            <Box sx={{ flex: 1, minWidth: 120 }}>
              <Typography noWrap>{m.name}</Typography>
            </Box>
            <RoleBadge role={m.role} />
            <Button
              size="small"
              variant="contained"
              startIcon={<PersonAddIcon />}
              disabled={choice.busyId === m.id}
              aria-label={`Add to rotation: ${m.name}`}
              onClick={() => void choice.change(m, 'join')}
            >
              Add to rotation
            </Button>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
