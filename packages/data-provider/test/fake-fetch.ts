export interface Sent {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: BodyInit | null | undefined;
}

type Answer = { status?: number; body?: unknown; text?: string } | Error;

/** A fetch that records each request and answers from a queue (or one answer for all). */
export function fakeFetch(...answers: Answer[]) {
  const sent: Sent[] = [];
  const fetch = async (input: string, init?: RequestInit) => {
    sent.push({
      method: init?.method ?? 'GET',
      url: new URL(input),
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body,
    });
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (!answer) return new Response(JSON.stringify({ status: 1, response: [] }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (answer instanceof Error) throw answer;
    if (answer.text !== undefined) return new Response(answer.text, { status: answer.status ?? 200, headers: { 'Content-Type': 'text/html' } });
    return new Response(JSON.stringify(answer.body ?? null), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetch, sent };
}
