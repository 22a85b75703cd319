import { tradingHoursRows } from "~/site/hours.ts";
import { useBuilding } from "../BuildingContext.tsx";
import { ContactLinks } from "../ContactLinks.tsx";

export function Address() {
  const { nameLine, address } = useBuilding();
  const { street, suburb, state, postcode } = address;
  return (
    <address className="not-prose my-4 not-italic leading-relaxed">
      <strong className="font-semibold">{nameLine}</strong>
      <br />
      {street}
      <br />
      {suburb} {state} {postcode}
    </address>
  );
}

export function TradingHours() {
  const { hours } = useBuilding();
  return (
    <table className="not-prose my-4 text-left">
      <caption className="mb-2 text-left font-semibold">Trading hours</caption>
      <tbody>
        {tradingHoursRows(hours).map((row) => (
          <tr key={row.days}>
            <th scope="row" className="py-1 pr-6 font-medium">
              {row.days}
            </th>
            <td className="py-1">{row.hours}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ContactDetails() {
  const { contacts } = useBuilding();
  return (
    <ul className="not-prose my-6 grid list-none gap-4 p-0 sm:grid-cols-2">
      {contacts.map((contact) => (
        <li key={contact.group} className="rounded-lg border border-sandstone-300 bg-white p-4">
          <p className="font-serif text-lg font-semibold text-heritage-900">{contact.group}</p>
          <ContactLinks contact={contact} className="text-heritage-700 underline underline-offset-4" />
        </li>
      ))}
    </ul>
  );
}
