// A real DNS server for tests and e2e journeys (dns2, UDP on 127.0.0.1 and a random port): the server's
// resolver is pointed at it (DNS_SERVERS=127.0.0.1:<port>) and a test publishes the TXT records a domain's
// validation reads (SSO-004). Names without records answer NXDOMAIN; a name set to fail answers SERVFAIL.
import dns2 from 'dns2';

const { Packet } = dns2;

export interface LocalDns {
  /** `127.0.0.1:<port>`, for `dnsServers` / DNS_SERVERS. */
  address: string;
  port: number;
  /** The TXT records of a name (replacing its others): a string is one record, an array one record in chunks. */
  setTxt(domain: string, values: (string | string[])[]): void;
  /** The A and AAAA records of a name (IPv4 and IPv6 addresses; issue 21: a delivery host resolving to a private address). */
  setAddresses(domain: string, addresses: string[]): void;
  /** The name answers SERVFAIL (a resolver that cannot answer). */
  fail(domain: string): void;
  close(): Promise<void>;
}

export async function startDns(): Promise<LocalDns> {
  const txt = new Map<string, (string | string[])[]>();
  const failing = new Set<string>();
  const hosts = new Map<string, string[]>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = (question?.name ?? '').toLowerCase().replace(/\.$/, '');
      if (failing.has(name)) response.header.rcode = Packet.RCODE.SERVFAIL;
      else if (!txt.has(name) && !hosts.has(name)) response.header.rcode = Packet.RCODE.NXDOMAIN;
      else if (question?.type === Packet.TYPE.A || question?.type === Packet.TYPE.AAAA) {
        const v6 = question.type === Packet.TYPE.AAAA;
        for (const address of (hosts.get(name) ?? []).filter((a) => a.includes(':') === v6))
          response.answers.push({
            name: question.name,
            type: question.type,
            class: Packet.CLASS.IN,
            ttl: 1,
            address,
          } as unknown as (typeof response.answers)[number]);
      } else if (question?.type === Packet.TYPE.TXT)
        for (const data of txt.get(name)!)
          // A plain record object: dns2 encodes it (its typings ask for a Resource instance).
          response.answers.push({
            name: question.name,
            type: Packet.TYPE.TXT,
            class: Packet.CLASS.IN,
            ttl: 1,
            data,
          } as unknown as (typeof response.answers)[number]);
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = addresses.udp!.port;
  return {
    address: `127.0.0.1:${port}`,
    port,
    setTxt(domain, values) {
      const name = domain.toLowerCase();
      failing.delete(name);
      txt.set(name, values);
    },
    setAddresses(domain, addresses) {
      const name = domain.toLowerCase();
      failing.delete(name);
      hosts.set(name, addresses);
    },
    fail(domain) {
      failing.add(domain.toLowerCase());
    },
    close: () => server.close(),
  };
}
