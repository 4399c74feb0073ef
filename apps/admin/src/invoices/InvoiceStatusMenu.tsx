import { Button, Chip, Menu, MenuItem } from '@mui/material';
import { INVOICE_TRANSITIONS, type InvoiceStatus } from '@chairline/shared';
import { useState } from 'react';

const COLOR: Record<InvoiceStatus, 'warning' | 'success' | 'default'> = { unpaid: 'warning', paid: 'success', void: 'default' };
const ACTION: Record<InvoiceStatus, string> = { unpaid: 'Mark unpaid', paid: 'Mark paid', void: 'Void' };

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function StatusChip({ status }: { status: InvoiceStatus }) {
  return <Chip size="small" color={COLOR[status]} label={capitalise(status)} />;
}

/** Only the changes the server allows (INVOICE_TRANSITIONS); void is final so it offers none. */
export function InvoiceStatusMenu({ id, status, onChange }: { id: number; status: InvoiceStatus; onChange: (to: InvoiceStatus) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const next = INVOICE_TRANSITIONS[status];
  if (next.length === 0) return null;
  return (
    <>
      <Button size="small" aria-label={`Change status of invoice ${id}`} onClick={(e) => setAnchor(e.currentTarget)}>
        Change
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {next.map((to) => (
          <MenuItem
            key={to}
            onClick={() => {
              setAnchor(null);
              onChange(to);
            }}
          >
            {ACTION[to]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
