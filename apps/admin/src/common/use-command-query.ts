import type { ChairlineDataProvider, Commands } from '@chairline/data-provider';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';

type Command = keyof Commands;
type Args<K extends Command> = Parameters<Commands[K]>;
type Result<K extends Command> = Awaited<ReturnType<Commands[K]>>;

/**
 * A named command of the data provider read through react-query (the cache react-admin's own
 * lists use): loading, errors and refetching work the same way on every custom screen. The query
 * key is the command's name followed by its arguments, so two screens asking the same thing share
 * one request and one cached answer.
 */
export function useCommandQuery<K extends Command>(name: K, ...args: Args<K>) {
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  return useQuery({
    queryKey: [name, ...args],
    // A command is called with the arguments of its own name; TypeScript cannot follow that link
    // through the union of every command's signature.
    queryFn: () => (dataProvider[name] as (...a: Args<K>) => Promise<Result<K>>)(...args),
  });
}
