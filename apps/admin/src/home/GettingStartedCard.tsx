import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import type { GettingStarted } from '@chairline/shared';
import { Box, Button, Card, LinearProgress, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useLiveRefresh } from '../common/use-live-refresh';
import { useSession } from '../layout/session';
import { refusalText } from '../common/error-text';
import { CHECKLIST_STEPS } from './getting-started-items';
import { useDataProvider } from 'react-admin';
import type { ChairlineDataProvider } from '@chairline/data-provider';

/** The setup checklist of a new shop on Home (admins only); every tick comes from the server. */
export function GettingStartedCard() {
  const { user } = useSession();
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  const [checklist, setChecklist] = useState<GettingStarted | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setChecklist(await dataProvider.getGettingStarted());
      setError(null);
    } catch (e) {
      setError(refusalText(e, 'Could not load the checklist.'));
    }
  }, [dataProvider]);
  useEffect(() => {
    void load();
  }, [load]);
  useLiveRefresh(user.shop_username, () => void load());

  const send = async (change: () => Promise<GettingStarted>) => {
    try {
      setChecklist(await change());
      setError(null);
    } catch (e) {
      setError(refusalText(e, 'Could not load the checklist.'));
    }
  };

  if (!checklist?.visible) return null;
  const doneCount = checklist.items.filter((i) => i.done).length;
  return (
    <Card component="section" aria-labelledby="getting-started-title" data-testid="getting-started" sx={{ p: 2.5, mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
        <Typography id="getting-started-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          Getting started
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {doneCount} of {checklist.items.length} done
        </Typography>
      </Box>
      <LinearProgress variant="determinate" value={(doneCount / checklist.items.length) * 100} aria-label="Setup progress" sx={{ my: 1.5, height: 6, borderRadius: 3 }} />
      {error && (
        <Typography color="error" role="alert" variant="body2">
          {error}
        </Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {checklist.items.map(({ key, done }) => {
          const step = CHECKLIST_STEPS[key];
          const href = step.to(user.shop_username);
          return (
            <Box
              component="li"
              key={key}
              data-item={key}
              data-done={done ? 'true' : 'false'}
              sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1, borderTop: '1px solid', borderColor: 'divider', flexWrap: 'wrap' }}
            >
              {done ? <CheckCircleIcon color="success" titleAccess="Done" /> : <RadioButtonUncheckedIcon color="disabled" titleAccess="To do" />}
              <Box sx={{ flex: 1, minWidth: 200 }}>
                <Typography sx={{ fontWeight: 600, textDecoration: done ? 'line-through' : 'none', color: done ? 'text.secondary' : 'text.primary' }}>
                  {step.label}
                </Typography>
                {!done && (
                  <Typography variant="body2" color="text.secondary">
                    {step.hint}
                  </Typography>
                )}
              </Box>
              {key === 'barbers' && !done && (
                <Button size="small" onClick={() => void send(() => dataProvider.markGettingStarted('works_alone'))}>
                  I work alone
                </Button>
              )}
              {step.external ? (
                <Button size="small" variant={done ? 'text' : 'outlined'} href={href} target="_blank" rel="noopener noreferrer">
                  {step.action}
                </Button>
              ) : (
                <Button size="small" variant={done ? 'text' : 'outlined'} component={RouterLink} to={href}>
                  {step.action}
                </Button>
              )}
            </Box>
          );
        })}
      </Box>
      {checklist.all_done && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1.5 }}>
          <Button variant="contained" onClick={() => void send(() => dataProvider.dismissGettingStarted())}>
            Hide checklist
          </Button>
        </Box>
      )}
    </Card>
  );
}
