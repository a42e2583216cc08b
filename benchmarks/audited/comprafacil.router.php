<?php
// The stand-in for the hosting of CompraFácil (Seb0927/CompraFacilInaccessible and Seb0927/CompraFacilAccesible), for
// `php -S 127.0.0.1:PORT -t SITE comprafacil.router.php` (benchmarks/audited_server.py's serve_php). SITE/before and
// SITE/after are each the site's Vite build (`vite build --base=/before/`, `--base=/after/`; the one change to the
// source: <BrowserRouter basename=...> from that base, so the single-page app runs under its folder).
// The site is hosted at a domain's root with a fallback to index.html (its staticwebapp.config.json): here a path
// under before/ or after/ that is no file is answered with that version's index.html, and a root-absolute address
// the site's own code leaves its folder for (<a href='/blog'>, window.location.href = '/payment/cart',
// '/assets/vectors/blob.svg') is sent back into the folder of the page that asked for it (its Referer).
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
$root = $_SERVER['DOCUMENT_ROOT'];
if (preg_match('#^/(before|after)(/.*)?$#', $path, $m)) {
    $rest = isset($m[2]) && $m[2] !== '' ? $m[2] : '/';
    if ($rest === '/index.html') {  // the folder's index is its catalogue, at the folder's own address
        header('Location: /' . $m[1] . '/', true, 302);
        return true;
    }
    if ($rest !== '/' && is_file($root . '/' . $m[1] . $rest)) {
        return false;
    }
    header('Content-Type: text/html; charset=utf-8');
    readfile($root . '/' . $m[1] . '/index.html');
    return true;
}
$from = parse_url($_SERVER['HTTP_REFERER'] ?? '', PHP_URL_PATH);
if (is_string($from) && preg_match('#^/(before|after)(/|$)#', $from, $f)) {
    $query = $_SERVER['QUERY_STRING'] ?? '';
    header('Location: /' . $f[1] . $path . ($query === '' ? '' : '?' . $query), true, 302);
    return true;
}
http_response_code(404);
return true;
