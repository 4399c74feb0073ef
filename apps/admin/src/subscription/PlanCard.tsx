import CheckIcon from '@mui/icons-material/Check';
import { Box, Button, Card, CardContent, Chip, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { billingText, discountedPrice, formatMoney, limitText, trialText, type Plan, type PlanButton } from '@chairline/shared';

/** One plan of the pricing screen: badge, name, price with discount, billing, trial, features. */
export function PlanCard({ plan, button, onChoose }: { plan: Plan; button: PlanButton; onChoose: () => void }) {
  const price = discountedPrice(plan.price, plan.discount);
  const trial = trialText(plan.trial_period_days);
  return (
    <Card
      variant="outlined"
      aria-label={plan.name}
      sx={{
        position: 'relative',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderColor: plan.most_popular ? 'primary.main' : undefined,
        borderWidth: plan.most_popular ? 2 : 1,
      }}
    >
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ minHeight: 28 }}>{plan.most_popular && <Chip color="primary" size="small" label="Most Popular" />}</Box>
        <Typography variant="h6" component="h2">
          {plan.name}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h4" component="p">
            {formatMoney(price, plan.currency)}
          </Typography>
          {plan.discount > 0 && (
            <>
              <Typography component="s" color="text.secondary" aria-label="Old price">
                {formatMoney(plan.price, plan.currency)}
              </Typography>
              <Chip size="small" color="success" label={`${plan.discount}% off`} />
            </>
          )}
        </Box>
        <Typography color="text.secondary">{billingText(plan)}</Typography>
        {trial && <Typography color="text.secondary">{trial}</Typography>}
        <List dense sx={{ flex: 1 }}>
          {[
            `${limitText(plan.barber_limit)} employees`,
            `${limitText(plan.total_check_ins)} check-ins per month`,
            '24/7 Customer Support',
          ].map((f) => (
            <ListItem key={f} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <CheckIcon color="success" fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={f} />
            </ListItem>
          ))}
        </List>
        <Button variant={plan.most_popular ? 'contained' : 'outlined'} fullWidth disabled={button.disabled} onClick={onChoose}>
          {button.label}
        </Button>
      </CardContent>
    </Card>
  );
}
