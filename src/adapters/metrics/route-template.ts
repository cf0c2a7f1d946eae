/** A route pattern as the metrics and the OpenAPI documents write it: `/doggies/:id/` is `/doggies/{id}/`. */
export function routeTemplate(pattern: string): string {
  return pattern.replace(/:(\w+)/g, '{$1}');
}
