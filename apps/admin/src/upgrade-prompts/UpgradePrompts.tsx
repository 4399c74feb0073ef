import { STORAGE_KEYS } from '@chairline/shared';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { needsUpgrade } from '../layout/upgrade';
import { useSession } from '../layout/session';
import { authProvider, storage } from '../providers';
import { dialogOpen, onHoldsChange, promptsHeld, watchDialogs } from './blockers';
import { BottomBanner } from './BottomBanner';
import { CornerCard } from './CornerCard';
import { GiftRibbon } from './GiftRibbon';
import { LimitedOfferPopup } from './LimitedOfferPopup';
import { MarketingModal } from './MarketingModal';
import { eligiblePrompts, PROMPT_TIMINGS, UPGRADE_PATH, type PromptKind } from './rules';
import { createPromptScheduler, type PromptScheduler, type ScheduleState } from './schedule';
import { UsageAlert } from './UsageAlert';

const marketingFlagSet = () => storage.getItem(STORAGE_KEYS.marketingPopupShown) === 'true';

/**
 * The upgrade prompts of the back office, mounted once in the layout: one scheduler decides which
 * prompt shows when; this component only feeds it the user, the blockers and the closings.
 */
export function UpgradePrompts() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [scheduler, setScheduler] = useState<PromptScheduler<PromptKind> | null>(null);
  const [state, setState] = useState<ScheduleState<PromptKind> | null>(null);
  const [marketingShown, setMarketingShown] = useState(marketingFlagSet);
  const [blockedByPage, setBlockedByPage] = useState(false);

  useEffect(() => {
    const created = createPromptScheduler<PromptKind>({
      timings: PROMPT_TIMINGS,
      onDismiss: (kind) => {
        if (kind !== 'marketing-modal') return;
        storage.setItem(STORAGE_KEYS.marketingPopupShown, 'true');
        setMarketingShown(true);
      },
    });
    const unsubscribe = created.subscribe(setState);
    setScheduler(created);
    return () => {
      unsubscribe();
      created.stop();
    };
  }, []);

  useEffect(() => {
    scheduler?.setEligible(eligiblePrompts(user, { affiliate: authProvider.isAffiliate(), marketingShown }));
  }, [scheduler, user, marketingShown]);

  // Never over an open dialog or a drag; never on the plans screen the prompts lead to.
  useEffect(() => {
    const update = () => setBlockedByPage(dialogOpen() || promptsHeld());
    update();
    const stopWatching = watchDialogs(update);
    const stopHolds = onHoldsChange(update);
    return () => {
      stopWatching();
      stopHolds();
    };
  }, []);
  const blocked = blockedByPage || pathname === UPGRADE_PATH;
  useEffect(() => {
    scheduler?.setBlocked(blocked);
  }, [scheduler, blocked]);

  const active = state?.active ?? null;
  // Escape closes a non-modal prompt too (the modal handles its own).
  useEffect(() => {
    if (!scheduler || active === null || active === 'marketing-modal') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) scheduler.dismiss(active);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [scheduler, active]);

  if (!scheduler || !state || active === null) return null;
  const close = () => scheduler.dismiss(active);
  const raised = needsUpgrade(user);
  switch (active) {
    case 'marketing-modal':
      return <MarketingModal user={user} onClose={close} />;
    case 'toast-card':
      return <CornerCard shownAt={state.shownAt ?? Date.now()} raised={raised} onClose={close} />;
    case 'usage-alert':
      return <UsageAlert user={user} raised={raised} onClose={close} />;
    case 'limited-popup':
      return <LimitedOfferPopup raised={raised} onClose={close} />;
    case 'bottom-banner':
      return <BottomBanner raised={raised} onClose={close} />;
    case 'corner-ribbon':
      return <GiftRibbon trialDays={user.trial_days_remaining} raised={raised} onClose={close} />;
  }
}
