import { DRAG_TO_CLOSE_PX, MOBILE_BREAKPOINT_PX } from '@chairline/shared';
import { Box, Dialog, Drawer, useMediaQuery } from '@mui/material';
import { useRef, useState, type PointerEvent, type ReactNode } from 'react';

/**
 * A bottom sheet under 768 px (drag the handle down more than 100 px to close) and a centred
 * dialog of at most 500 px otherwise.
 */
export function ResponsiveSheet({ open, onClose, labelledBy, children }: { open: boolean; onClose: () => void; labelledBy: string; children: ReactNode }) {
  const mobile = useMediaQuery(`(max-width:${MOBILE_BREAKPOINT_PX - 1}px)`, { noSsr: true });
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);

  if (!mobile) {
    return (
      <Dialog open={open} onClose={onClose} fullWidth aria-labelledby={labelledBy} slotProps={{ paper: { sx: { maxWidth: 500, borderRadius: 3 } } }}>
        {children}
      </Dialog>
    );
  }

  const onDown = (event: PointerEvent<HTMLDivElement>) => {
    start.current = event.clientY;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientY - start.current));
  };
  const onUp = () => {
    const dragged = offset;
    start.current = null;
    setOffset(0);
    if (dragged > DRAG_TO_CLOSE_PX) onClose();
  };

  return (
    <Drawer
      anchor="bottom"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': labelledBy,
          sx: {
            borderTopLeftRadius: 16,
            borderTopRightRadius: 16,
            maxHeight: '92vh',
            transform: offset ? `translateY(${offset}px) !important` : undefined,
            transition: start.current === null ? undefined : 'none !important',
          },
        },
      }}
    >
      <Box
        data-testid="sheet-handle"
        aria-label="Drag down to close"
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerCancel={onUp}
        sx={{ py: 1.25, display: 'flex', justifyContent: 'center', cursor: 'grab', touchAction: 'none' }}
      >
        <Box sx={{ width: 44, height: 5, borderRadius: 3, bgcolor: 'grey.300' }} />
      </Box>
      {children}
    </Drawer>
  );
}
