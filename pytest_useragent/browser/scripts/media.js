features => Object.fromEntries(Object.entries(features).map(([feature, values]) =>
  [feature, values.find(value => matchMedia(`(${feature}: ${value})`).matches) ?? null]))
