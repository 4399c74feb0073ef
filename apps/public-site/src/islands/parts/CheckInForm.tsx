import type { EtaRange, PublicBarber, PublicTicket } from '@chairline/shared';
import { formatEstimatedTime } from '@chairline/shared/durations';
import { PHONE_MESSAGES } from '@chairline/shared/messages';
import { formatMoney } from '@chairline/shared/pricing';
import { formatEtaRange } from '@chairline/shared/queue-rules';
import { formatWait } from '@chairline/shared/wait-text';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { PublicService } from '../../lib/api-contract.js';
import { selectableBarbers } from '../../lib/barber-text.js';
import { buildCheckIn, type FieldErrors } from '../../lib/check-in-form.js';
import { checkInSteps, errorMessages, firstWrongField, type CheckInField } from '../../lib/check-in-steps.js';
import { checkIn } from '../../lib/public-api.js';
import { browserStore, recallTicket } from '../../lib/ticket-storage.js';
import { ticketPath } from '../../lib/urls.js';
import './check-in-form.css';
import { CheckInSteps } from './CheckInSteps.js';

interface Props {
  shopUsername: string;
  shopName: string;
  barbers: PublicBarber[];
  /** The server's wait for "any barber". */
  anyBarberWait: EtaRange | null;
  services: PublicService[];
  /** Barber chosen before opening the form (e.g. from the Schedule view). */
  initialBarberId?: number | 'any';
  source: 'online' | 'kiosk';
  acceptingCheckIns: boolean;
  onDone: (ticket: PublicTicket) => void;
  /**
   * The phone is already in line (409). Given (the kiosk), the page takes over; otherwise the form
   * shows the message, with "View my ticket" when this device holds a ticket of the shop.
   */
  onAlreadyInLine?: () => void;
  onCancel: () => void;
}

/** What takes focus after the next render: the step's title line, or a field. */
type FocusTarget = { kind: 'step' } | { kind: 'field'; field: CheckInField };

export function CheckInForm(props: Props) {
  const { shopUsername, shopName, barbers, services, source, onDone, onCancel } = props;
  const id = useId();
  const steps = checkInSteps(services.length > 0);
  const [stepIndex, setStepIndex] = useState(0);
  const step = steps[Math.min(stepIndex, steps.length - 1)];
  const last = stepIndex >= steps.length - 1;
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [barber, setBarber] = useState(String(props.initialBarberId ?? 'any'));
  const [serviceIds, setServiceIds] = useState<number[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The messages read out by screen readers after a refused submit; `count` re-announces a repeat.
  const [announcement, setAnnouncement] = useState({ text: '', count: 0 });
  const [serverError, setServerError] = useState('');
  const [ownToken, setOwnToken] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const section = useRef<HTMLElement>(null);
  const stepTitle = useRef<HTMLParagraphElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  const servicesGroup = useRef<HTMLFieldSetElement>(null);
  const barberGroup = useRef<HTMLFieldSetElement>(null);
  const errorBox = useRef<HTMLDivElement>(null);
  // A chosen barber who stops taking walk-ins stays listed, so the choice never changes silently.
  const choices = barbers.filter((b) => selectableBarbers(barbers).includes(b) || String(b.id) === barber);

  useEffect(() => {
    stepTitle.current?.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    if (serverError) errorBox.current?.focus();
  }, [serverError]);
  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget.kind === 'step') {
      section.current?.scrollIntoView({ block: 'start' });
      stepTitle.current?.focus({ preventScroll: true });
    } else {
      const field = focusTarget.field;
      const target =
        field === 'name'
          ? nameInput.current
          : field === 'phone_number'
            ? phoneInput.current
            : field === 'barber_id'
              ? barberGroup.current?.querySelector<HTMLInputElement>('input:checked, input')
              : servicesGroup.current?.querySelector<HTMLInputElement>('input');
      target?.focus();
    }
    setFocusTarget(null);
  }, [focusTarget]);

  const chosenMinutes = services.filter((s) => serviceIds.includes(s.id)).reduce((sum, s) => sum + s.estimated_minutes, 0);

  const toggleService = (serviceId: number, on: boolean) =>
    setServiceIds((ids) => (on ? [...ids, serviceId] : ids.filter((x) => x !== serviceId)));

  const goTo = (index: number) => {
    setServerError('');
    setStepIndex(Math.max(0, Math.min(index, steps.length - 1)));
    setFocusTarget({ kind: 'step' });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (!last) {
      goTo(stepIndex + 1);
      return;
    }
    setServerError('');
    const built = buildCheckIn(shopUsername, { name, phone, barber, serviceIds }, source);
    if (!built.ok) {
      setErrors(built.errors);
      setAnnouncement((a) => ({ text: errorMessages(built.errors).join(' '), count: a.count + 1 }));
      const wrong = firstWrongField(built.errors, steps);
      if (wrong) {
        setStepIndex(wrong.step);
        setFocusTarget({ kind: 'field', field: wrong.field });
      }
      return;
    }
    setErrors({});
    setAnnouncement((a) => ({ text: '', count: a.count }));
    setSending(true);
    const result = await checkIn(built.input);
    setSending(false);
    if (result.ok) {
      onDone(result.data);
      return;
    }
    if (result.status === 409 && result.message === PHONE_MESSAGES.alreadyInLine) {
      if (props.onAlreadyInLine) {
        props.onAlreadyInLine();
        return;
      }
      const store = browserStore();
      setOwnToken(store && recallTicket(store, shopUsername));
    } else setOwnToken(null);
    setServerError(result.message);
  }

  const fieldError = (key: keyof FieldErrors) =>
    errors[key] ? (
      <p className="field-error" id={`${id}-${key}-error`}>
        {errors[key]}
      </p>
    ) : null;

  return (
    <section ref={section} className="panel check-in" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Check in</h2>
      <p className="muted">Join the line at {shopName}. We keep your place and show you live updates.</p>
      {!props.acceptingCheckIns && (
        <p className="notice" role="status">
          This shop is not taking online check-ins right now. Please see the front desk.
        </p>
      )}
      <CheckInSteps steps={steps} current={stepIndex} titleRef={stepTitle} />
      <form onSubmit={submit} noValidate>
        {step === 'services' && (
          <fieldset className="field choices" ref={servicesGroup} aria-describedby={errors.service_ids ? `${id}-service_ids-error` : undefined}>
            <legend>Services (optional)</legend>
            {services.map((s) => (
              <label className="choice" key={s.id}>
                <input type="checkbox" name="service_ids" value={s.id} checked={serviceIds.includes(s.id)} onChange={(e) => toggleService(s.id, e.target.checked)} />
                <span className="choice-name">{s.name}</span>
                <span className="choice-meta">
                  {s.formatted_estimated_time}
                  <span className="choice-price">{formatMoney(s.price)}</span>
                </span>
              </label>
            ))}
            {chosenMinutes > 0 && (
              <p className="hint" data-testid="visit-time" aria-live="polite">
                Your visit: about {formatEstimatedTime(chosenMinutes)} in the chair, after your wait.
              </p>
            )}
            {fieldError('service_ids')}
          </fieldset>
        )}
        {step === 'barber' && (
          <fieldset className="field choices" ref={barberGroup} aria-describedby={errors.barber_id ? `${id}-barber_id-error` : undefined}>
            <legend>Barber</legend>
            <label className="choice">
              <input type="radio" name="barber" value="any" checked={barber === 'any'} onChange={() => setBarber('any')} />
              <span className="choice-name">Any barber</span>
              <span className="choice-meta">{formatWait(props.anyBarberWait)}</span>
            </label>
            {choices.map((b) => (
              <label className="choice" key={b.id}>
                <input type="radio" name="barber" value={b.id} checked={barber === String(b.id)} onChange={() => setBarber(String(b.id))} />
                <span className="choice-name">{b.name}</span>
                <span className="choice-meta">{b.eta_range ? formatEtaRange(b.eta_range) : 'Not taking walk-ins'}</span>
              </label>
            ))}
            {fieldError('barber_id')}
          </fieldset>
        )}
        {step === 'details' && (
          <>
            <div className="field">
              <label htmlFor={`${id}-name`}>Your name</label>
              <input
                ref={nameInput}
                id={`${id}-name`}
                name="name"
                autoComplete={source === 'kiosk' ? 'off' : 'name'}
                value={name}
                onChange={(e) => setName(e.target.value)}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={errors.name ? `${id}-name-error` : undefined}
                maxLength={120}
                required
              />
              {fieldError('name')}
            </div>
            <div className="field">
              <label htmlFor={`${id}-phone`}>Phone number</label>
              <input
                ref={phoneInput}
                id={`${id}-phone`}
                name="phone_number"
                type="tel"
                inputMode="tel"
                autoComplete={source === 'kiosk' ? 'off' : 'tel'}
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
                aria-invalid={errors.phone_number ? true : undefined}
                aria-describedby={`${id}-phone-hint${errors.phone_number ? ` ${id}-phone_number-error` : ''}`}
                maxLength={32}
                required
              />
              <p className="hint" id={`${id}-phone-hint`}>
                Only the shop sees it. We never show it on screen.
              </p>
              {fieldError('phone_number')}
            </div>
          </>
        )}
        <div className="visually-hidden" aria-live="assertive" aria-atomic="true" data-testid="check-in-announcer">
          {announcement.text && <span key={announcement.count}>{announcement.text}</span>}
        </div>
        {serverError && (
          <div className="alert" role="alert" ref={errorBox} tabIndex={-1}>
            {serverError}
            {ownToken && (
              <p>
                <a className="btn" href={ticketPath(shopUsername, ownToken)}>
                  View my ticket
                </a>
              </p>
            )}
          </div>
        )}
        <div className="check-in-footer">
          {stepIndex === 0 ? (
            <button type="button" className="btn btn-ghost btn-large" onClick={onCancel} disabled={sending}>
              Cancel
            </button>
          ) : (
            <button type="button" className="btn btn-ghost btn-large" onClick={() => goTo(stepIndex - 1)} disabled={sending}>
              Back
            </button>
          )}
          {last ? (
            <button key="submit" type="submit" className="btn btn-large check-in-next" disabled={sending}>
              {sending ? 'Checking in…' : 'Check in'}
            </button>
          ) : (
            <button
              key="next"
              type="submit"
              className="btn btn-large check-in-next"
              // A double-click's second click would land on the next step's Next and skip a step.
              onClick={(e) => e.detail > 1 && e.preventDefault()}
            >
              Next
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
