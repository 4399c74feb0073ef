import { MAX_PAGE_SIZE } from '@chairline/shared/constants';
import { HttpError, type DataProvider, type GetListParams, type Identifier, type RaRecord } from 'ra-core';
import type { HttpClient, QueryParams, QueryValue } from './http-client.js';
import { expectSuccess, isRecord, payloadOf } from './messages.js';
import { onePath, resourceConfig, type ResourceConfig } from './resources.js';
import { toFormData } from './form-data.js';
import { createCommands, type Commands } from './commands.js';

/**
 * react-admin's data provider over the /api contract, plus the named commands.
 *
 * Why not ra-data-simple-rest: its conventions do not fit this API's contract. simple-rest sends
 * `sort`, `range` and `filter` as JSON in the query and reads the total from a `Content-Range`
 * header; the /api lists take `page`, `page_size`, `ordering` (`-field` for descending) and
 * `search`, answer `{ status, response, total }` (invoices add `totals`), and some lists (the team,
 * the services, the plans) answer their whole list by contract. The mapping is kept to what each
 * resource's ResourceConfig (resources.ts) says the endpoint accepts.
 */
export type ChairlineDataProvider = DataProvider & Commands;

function asQueryValue(value: unknown): QueryValue {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number');
  if (value instanceof Date) return value.toISOString();
  return undefined;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), undefined, { numeric: true, sensitivity: 'base' });
}

function matchesText(record: RaRecord, q: string): boolean {
  const needle = q.toLowerCase();
  return Object.values(record).some((v) => (typeof v === 'string' || typeof v === 'number') && String(v).toLowerCase().includes(needle));
}

function matchesFilter(record: RaRecord, filter: Record<string, unknown>, config: ResourceConfig): boolean {
  return Object.entries(filter).every(([key, expected]) => {
    if (expected === undefined || expected === null || expected === '') return true;
    const own = config.clientFilters?.[key];
    if (own) return own(record, expected);
    const actual: unknown = record[key];
    if (Array.isArray(expected)) return expected.some((e) => compare(actual, e) === 0);
    return compare(actual, expected) === 0;
  });
}

function asRecords(value: unknown): RaRecord[] {
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is RaRecord => isRecord(v) && 'id' in v);
}

/** The record a write answered, or the sent data when the server answers a message. */
function writtenRecord(payload: unknown, sent: Record<string, unknown>, id?: Identifier): RaRecord {
  if (isRecord(payload) && 'id' in payload) return payload as RaRecord;
  return { ...sent, id: (sent.id as Identifier | undefined) ?? id ?? 0 };
}

export function createDataProvider(http: HttpClient): ChairlineDataProvider {
  const opts = (config: ResourceConfig) => ({ public: config.public });

  async function fetchAll(config: ResourceConfig, query: QueryParams = {}): Promise<{ data: RaRecord[]; body: unknown }> {
    const result = await http.get(config.path, query, opts(config));
    const payload = expectSuccess<unknown>(result);
    return { data: asRecords(payload), body: result.body };
  }

  /**
   * Rows (page - 1) * perPage onwards, from the server's pages. A page longer than the server sends
   * at once (the CSV export asks for 1000 rows) is read as several of the server's pages.
   */
  async function fetchPage(config: ResourceConfig, query: QueryParams, page: number, perPage: number): Promise<{ data: RaRecord[]; body: unknown }> {
    const size = Math.min(perPage, MAX_PAGE_SIZE);
    if (size === perPage) return fetchAll(config, { ...query, page, page_size: perPage });
    const start = (page - 1) * perPage;
    const first = Math.floor(start / size) + 1;
    const last = Math.ceil((start + perPage) / size);
    const rows: RaRecord[] = [];
    let body: unknown;
    for (let p = first; p <= last; p++) {
      const reply = await fetchAll(config, { ...query, page: p, page_size: size });
      rows.push(...reply.data);
      body = reply.body;
      if (reply.data.length < size) break;
    }
    const skip = start - (first - 1) * size;
    return { data: rows.slice(skip, skip + perPage), body };
  }

  async function getList(resource: string, params: GetListParams) {
    const config = resourceConfig(resource);
    const page = params.pagination?.page ?? 1;
    const perPage = params.pagination?.perPage ?? 25;
    const { q, ...filter } = (params.filter ?? {}) as Record<string, unknown>;
    const sortField = params.sort?.field;
    const descending = params.sort?.order === 'DESC';

    if (!config.serverPaged) {
      const { data } = await fetchAll(config);
      let rows = data.filter((r) => matchesFilter(r, filter, config));
      if (typeof q === 'string' && q.trim() !== '') rows = rows.filter((r) => matchesText(r, q.trim()));
      if (sortField) rows = [...rows].sort((a, b) => compare(a[sortField], b[sortField]) * (descending ? -1 : 1));
      return { data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length };
    }

    const query: QueryParams = {};
    for (const [key, value] of Object.entries(filter)) query[key] = asQueryValue(value);
    if (config.search && typeof q === 'string' && q.trim() !== '') query.search = q.trim();
    if (sortField && config.orderable?.includes(sortField)) query.ordering = `${descending ? '-' : ''}${sortField}`;
    const { data, body } = await fetchPage(config, query, page, perPage);
    const total = isRecord(body) && typeof body.total === 'number' ? body.total : data.length;
    const meta = isRecord(body) && isRecord(body.totals) ? { totals: body.totals } : undefined;
    return meta ? { data, total, meta } : { data, total };
  }

  async function getOne(resource: string, id: Identifier): Promise<RaRecord> {
    const config = resourceConfig(resource);
    if (config.oneFromList) {
      const { data } = await fetchAll(config);
      const found = data.find((r) => String(r.id) === String(id));
      if (!found) throw new HttpError('Not found.', 404, null);
      return found;
    }
    const result = await http.get(onePath(config, id), {}, opts(config));
    return writtenRecord(expectSuccess(result), {}, id);
  }

  const body = (config: ResourceConfig, data: Record<string, unknown>) => (config.multipart ? toFormData(data) : data);

  const provider: DataProvider = {
    // Records come from the server's JSON; the caller's RecordType is its own assertion.
    getList: async (resource, params) => (await getList(resource, params)) as never,

    getOne: async (resource, params) => ({ data: await getOne(resource, params.id) }) as never,

    getMany: async (resource, params) => {
      const config = resourceConfig(resource);
      if (config.oneFromList || !config.serverPaged) {
        const { data } = await fetchAll(config);
        const wanted = new Set(params.ids.map(String));
        return { data: data.filter((r) => wanted.has(String(r.id))) } as never;
      }
      return { data: await Promise.all(params.ids.map((id) => getOne(resource, id))) } as never;
    },

    getManyReference: async (resource, params) =>
      (await getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } })) as never,

    create: async (resource, params) => {
      const config = resourceConfig(resource);
      const data = params.data as Record<string, unknown>;
      const result = await http.post(config.createPath ?? config.path, body(config, data), opts(config));
      return { data: writtenRecord(expectSuccess(result), data) } as never;
    },

    update: async (resource, params) => {
      const config = resourceConfig(resource);
      const data = params.data as Record<string, unknown>;
      const path = config.updatePath ? config.updatePath(params.id) : onePath(config, params.id);
      const result = await http.request(config.updateMethod ?? 'PUT', path, body(config, data), opts(config));
      return { data: writtenRecord(expectSuccess(result), { ...params.previousData, ...data }, params.id) } as never;
    },

    updateMany: async (resource, params) => {
      for (const id of params.ids) await provider.update(resource, { id, data: params.data, previousData: { id } });
      return { data: params.ids };
    },

    delete: async (resource, params) => {
      const config = resourceConfig(resource);
      const result = await http.delete(onePath(config, params.id), {}, opts(config));
      expectSuccess(result);
      const previous = params.previousData ?? { id: params.id };
      return { data: previous } as never;
    },

    deleteMany: async (resource, params) => {
      for (const id of params.ids) await provider.delete(resource, { id });
      return { data: params.ids };
    },
  };

  return { ...provider, ...createCommands(http) };
}

export { payloadOf };
