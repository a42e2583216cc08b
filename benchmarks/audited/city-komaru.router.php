<?php
// The stand-in for the hosting of city-komaru (jidaikobo-shibata/city-komaru), for `php -S 127.0.0.1:PORT -t SITE
// city-komaru.router.php` (benchmarks/audited_server.py's serve_php). SITE holds two copies of the repository's tree
// side by side, each with a vendor/autoload.php standing in for composer's (PSR-4: Komarushi\ and Kontiki\ in
// system/classes/), and shim/jquery.min.js: /before/ is the practice site with the preset "ng-terrible1"
// (たいへんな駒瑠市), /after/ with "ok-aa" (こまらない市).
// A GET of a page under before/ or after/ without a preset is sent to the same address with it, as the site's own
// links carry it (?preset=...&wcagver=22). jQuery, which the pages load from code.jquery.com (3.5.1), is served
// from SITE/shim/ (Debian's 3.6.1): the benchmark's browser has no network.
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
if ($path === '/shim/jquery.min.js') {
    header('Content-Type: application/javascript');
    readfile($_SERVER['DOCUMENT_ROOT'] . '/shim/jquery.min.js');
    return true;
}
$presets = array('before' => 'ng-terrible1', 'after' => 'ok-aa');
if (! preg_match('#^/(before|after)/#', $path, $m)) {
    return false;
}
$file = $_SERVER['DOCUMENT_ROOT'] . $path;
if (is_dir($file)) {
    $file = rtrim($file, '/') . '/index.php';
}
if (substr($file, -4) !== '.php' || ! is_file($file)) {
    return false;
}
if ($_SERVER['REQUEST_METHOD'] === 'GET' && ! isset($_GET['preset'])) {
    $query = $_SERVER['QUERY_STRING'] ?? '';
    $query = ($query === '' ? '' : $query . '&') . 'preset=' . $presets[$m[1]] . '&wcagver=22';
    header('Location: ' . $path . '?' . $query, true, 302);
    return true;
}
$_SERVER['SCRIPT_FILENAME'] = $file;
$_SERVER['SCRIPT_NAME'] = $path;
$_SERVER['PHP_SELF'] = $path;
chdir(dirname($file));
ob_start(function ($html) {
    return preg_replace(
        '#<script src="//code\.jquery\.com/jquery-3\.5\.1\.min\.js"[^>]*></script>#',
        '<script src="/shim/jquery.min.js"></script>',
        $html
    );
});
require $file;
return true;
