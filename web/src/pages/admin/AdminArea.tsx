/** Administration (/admin, /org, /profile): the area's own router. */
export default function AdminArea({ path }: { path: string }) {
  return (
    <div className="page-error">
      <h2>Page not found</h2>
      <p>
        Nothing lives at <code>{path}</code>. <a href="/">Go home</a>
      </p>
    </div>
  );
}
