import { Card, CardContent, Typography } from '@mui/material';

/**
 * One figure with its label (an invoices total, a customer's visits): the value is named by the
 * label for screen readers, so "Paid" reads "Paid, $120.00".
 */
export function FigureCard({ label, value }: { label: string; value: string }) {
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 140 }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h6" aria-label={label}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}
